import "server-only";
import path from "node:path";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { UPLOAD_SOURCE_NAME } from "@/lib/constants/observations";
import { AppError, BadRequestError } from "../../errors";
import { log } from "../../log";
import { enqueue } from "../../jobs/enqueue";
import { refreshDailyTotalsJob } from "../../jobs/contracts/refresh-daily-totals";
import type { DataSourceServiceContext } from "../context";
import type { IncomingFile, UploadedFile } from "../incoming-file";
import { importCsv, type UploadSummary } from "./upload/import-csv";

// Browsers label .csv files variously (Windows: application/vnd.ms-excel); refuse only what is clearly something else.
const CSV_MIME = /^(text\/[\w.+-]+|application\/(csv|x-csv|vnd\.ms-excel|octet-stream))$/i;
const CSV_EXTENSIONS = new Set(["", ".csv", ".txt", ".tsv"]);

function assertCsv(file: UploadedFile): void {
  const extension = path.extname(file.filename).toLowerCase();
  const mime = file.mimeType.split(";")[0].trim();
  if (!CSV_EXTENSIONS.has(extension) || (mime !== "" && !CSV_MIME.test(mime)))
    throw new AppError(415, M.notCsv, { file: M.notCsv });
}

/** POST /data-sources/{id}/upload: imports the CSV in the `file` field into the upload source, all or nothing. */
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
    return importCsv(file.chunks, {
      dataSourceId: access.dataSource.id,
      projectId: access.project.id,
      meta: { fileName: file.filename || null, uploadedAt: new Date().toISOString(), uploadedById: ctx.actor.userId },
    });
  });
  // The next report finds the source's daily rollup ready. Reports rebuild a stale one anyway, so
  // a failure to queue costs time, not correctness: log it, keep the import.
  await enqueue(refreshDailyTotalsJob, { dataSourceId: access.dataSource.id }).catch((error: unknown) =>
    log("warn", "could not queue refresh-daily-totals", { dataSourceId: access.dataSource.id, error: String(error) }),
  );
  return summary;
}
