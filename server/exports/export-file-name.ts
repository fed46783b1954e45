// What an exported file is called: after the report it holds, as a client would file it ("Acme Outdoor – November
// 2026 – Insights.pptx"); a tag by its name; chosen insights, which have no name, by the spec's `<name>-Insights`,
// the agency's name standing for the product's (a white-labelled agency never sends our name).
import { APP_NAME } from "@/lib/constants/app";
import { ownReportName, periodName } from "@/lib/insights/report-period";
import type { ExportFormat, ExportModel } from "./export-model";

const SUFFIX = "Insights";

/** Characters no file system or mail client takes in a file name, and runs of spaces. */
const clean = (s: string) =>
  s
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** "Northwind Outfitters – Online store", or the project alone when its name already says the client's. */
function whose(model: Pick<FileNaming, "client" | "project">): string {
  const client = model.client.name.trim();
  const project = model.project.name.trim();
  if (!client || project.toLowerCase().includes(client.toLowerCase())) return project;
  return `${client} – ${project}`;
}

/** What a file name is made of: who it is for, the period, and what it holds. */
export interface FileNaming {
  agency: { name: string };
  client: { name: string };
  project: { name: string };
  period: { start: string; end: string };
  source: ExportModel["source"];
}

export function exportFileName(model: FileNaming, format: ExportFormat): string {
  const { source, period } = model;
  let base: string;
  if (source.kind === "report") {
    const own = ownReportName(
      { name: source.name, periodStart: period.start, periodEnd: period.end },
      model.project.name,
    );
    base = own ? `${own} – ${SUFFIX}` : `${whose(model)} – ${periodName(period.start, period.end)} – ${SUFFIX}`;
  } else if (source.kind === "tag" && source.name) {
    base = `${whose(model)} – ${source.name} – ${SUFFIX}`;
  } else {
    base = `${model.agency.name.trim() || APP_NAME}-${SUFFIX}`;
  }
  // 200 characters leave room for Dropbox's " (1)" and any folder path.
  return `${clean(base).slice(0, 200).trim()}.${format}`;
}
