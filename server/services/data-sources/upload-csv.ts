import "server-only";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { UPLOAD_SOURCE_NAME } from "@/lib/constants/observations";
import { uploadFormSchema } from "@/lib/validation/csv-mapping";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import { AppError, BadRequestError, ValidationError } from "../../errors";
import { log } from "../../log";
import { enqueue } from "../../jobs/enqueue";
import { refreshDailyTotalsJob } from "../../jobs/contracts/refresh-daily-totals";
import type { DataSourceServiceContext, ProjectServiceContext } from "../context";
import type { IncomingFile, UploadedFile } from "../incoming-file";
import { dataSourceView } from "./data-source-view";
import { DEFAULT_UPLOAD_SOURCE_NAME } from "./create-data-source";
import type { UploadSummary } from "./upload/import-csv";
import { importFile } from "./upload/import-file";

// Browsers label .csv files variously (Windows: application/vnd.ms-excel); refuse only what is clearly something else.
const XLSX_MIME = "vnd\\.openxmlformats-officedocument\\.spreadsheetml\\.sheet";
const CSV_MIME = new RegExp(
  `^(text/[\\w.+-]+|application/(csv|x-csv|vnd\\.ms-excel|octet-stream|${XLSX_MIME}|zip|x-zip-compressed))$`,
  "i",
);
const CSV_EXTENSIONS = new Set(["", ".csv", ".txt", ".tsv", ".xlsx"]);

function assertCsv(file: UploadedFile): void {
  const extension = path.extname(file.filename).toLowerCase();
  const mime = file.mimeType.split(";")[0].trim();
  if (!CSV_EXTENSIONS.has(extension) || (mime !== "" && !CSV_MIME.test(mime)))
    throw new AppError(415, M.notCsv, { file: M.notCsv });
}

/** The name and column mapping sent before the file. */
function formFields(file: UploadedFile) {
  const parsed = uploadFormSchema.safeParse(file.fields);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "The upload's fields are not valid";
    throw new ValidationError({ mapping: message }, message);
  }
  return parsed.data;
}

function meta(ctx: { actor: { userId: string } }, file: UploadedFile) {
  return { fileName: file.filename || null, uploadedAt: new Date().toISOString(), uploadedById: ctx.actor.userId };
}

// The next report finds the source's daily rollup ready. Reports rebuild a stale one anyway, so
// a failure to queue costs time, not correctness: log it, keep the import.
async function queueRollup(dataSourceId: string): Promise<void> {
  await enqueue(refreshDailyTotalsJob, { dataSourceId }).catch((error: unknown) =>
    log("warn", "could not queue refresh-daily-totals", { dataSourceId, error: String(error) }),
  );
}

/**
 * POST /data-sources/{id}/upload: imports the export in the `file` field (CSV, or an .xlsx workbook) into the upload
 * source, all or nothing. A `mapping` field sent before the file says what each column is; without it, the proposal
 * the upload wizard shows is applied (the source's remembered mapping, then the known export names).
 */
export async function uploadCsv({
  ctx,
  input,
}: {
  ctx: DataSourceServiceContext;
  input: { file: IncomingFile };
}): Promise<UploadSummary> {
  const { access } = ctx;
  if (access.dataSource.sourceName !== UPLOAD_SOURCE_NAME) throw new BadRequestError(M.notUploadSource);
  const summary = await input.file.receive(async (file) => {
    assertCsv(file);
    const { mapping } = formFields(file);
    return importFile(file.chunks, {
      dataSourceId: access.dataSource.id,
      projectId: access.project.id,
      mapping,
      remembered: access.dataSource.csvMapping,
      meta: meta(ctx, file),
    });
  });
  await queueRollup(access.dataSource.id);
  return summary;
}

/**
 * POST /properties/{id}/data-sources/upload: a new upload source and its first file, in one
 * transaction. A file that is refused leaves no source behind.
 */
export async function createUploadSource({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: { file: IncomingFile };
}) {
  const { project } = ctx.access;
  const id = randomUUID();
  const summary = await input.file.receive(async (file) => {
    assertCsv(file);
    const { mapping, name } = formFields(file);
    return importFile(file.chunks, {
      dataSourceId: id,
      projectId: project.id,
      mapping,
      createSource: {
        agencyId: project.agencyId,
        name: name || DEFAULT_UPLOAD_SOURCE_NAME,
        createdById: ctx.actor.userId,
      },
      meta: meta(ctx, file),
    });
  });
  await queueRollup(id);
  const [row] = await db().select().from(dataSources).where(eq(dataSources.id, id));
  return { dataSource: dataSourceView(row), summary };
}
