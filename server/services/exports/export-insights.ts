import "server-only";
import { eq } from "drizzle-orm";
import { clientInsights, reportDocument } from "@/lib/insights/report-document";
import type { ExportFormatKey, ExportSelection } from "@/lib/validation/exports";
import { EXPORT_MESSAGES } from "@/lib/validation/exports";
import { exportFileName } from "../../exports/export-file-name";
import { EXPORT_CONTENT_TYPES, type ExportModel } from "../../exports/export-model";
import { buildExportBytes } from "../../exports/off-thread/build-export";
import { db } from "../../db/client";
import { agencies } from "../../db/schema";
import { BadRequestError } from "../../errors";
import type { ProjectServiceContext } from "../context";
import { headlineFigures } from "../reports/report-kpis";
import { loadSelection } from "./load-selection";
import { loadTheme } from "./load-theme";
import { toExportInsight } from "./to-export-insight";

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The export model of a project's selection; an empty selection is refused (no empty file). */
export async function exportModel({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: ExportSelection;
}): Promise<ExportModel> {
  const { project, client } = ctx.access;
  const scope = { agencyId: ctx.actor.agencyId, projectId: project.id };
  const [selection, theme, [agency]] = await Promise.all([
    loadSelection(scope, input),
    loadTheme({ agencyId: ctx.actor.agencyId, clientId: client.id, projectId: project.id }),
    db().select({ name: agencies.name }).from(agencies).where(eq(agencies.id, ctx.actor.agencyId)),
  ]);
  if (selection.rows.length === 0) throw new BadRequestError(EXPORT_MESSAGES.empty);
  // A whole report carries the key figures its page shows, on the deck's cover and the workbook's second sheet.
  const figures = selection.report?.status === "ready" ? (await headlineFigures(selection.report, project)).kpis : null;
  // The client's document: the findings (and, asked for, what found nothing), never a question that could not run.
  // Insights chosen by hand are what the user asked for, so they default to everything that ran.
  const doc = reportDocument(selection.rows.map(toExportInsight));
  const contents = input.contents ?? (selection.source.kind === "selection" ? "everything" : "significant");
  return {
    theme,
    agency: { name: agency?.name ?? "" },
    client: { name: client.name },
    project: { name: project.name, currency: project.currency, url: project.url ?? null },
    period: selection.period,
    source: selection.source,
    reportId: selection.reportId,
    generatedAt: new Date(),
    insights: clientInsights(doc, contents),
    alsoChecked: contents === "significant" ? doc.nothingNotable.map((i) => i.title) : [],
    figures,
  };
}

/** GET|POST /properties/{id}/insights/export/{powerpoint|excel}: the file, named as the spec says. */
export async function exportInsights({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: { format: ExportFormatKey; selection: ExportSelection };
}): Promise<ExportFile> {
  return buildExportFile(await exportModel({ ctx, input: input.selection }), input.format);
}

/** The file of an export model, named after the report it holds (built in the export builder process, not here). */
export async function buildExportFile(model: ExportModel, format: ExportFormatKey): Promise<ExportFile> {
  const body = await buildExportBytes(model, format);
  return { fileName: exportFileName(model, format), contentType: EXPORT_CONTENT_TYPES[format], body };
}
