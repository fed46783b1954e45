import "server-only";
import type { ExportFormatKey } from "@/lib/validation/exports";
import type { ExportModel } from "../export-model";
import type { BuildAnswer, BuildRequest } from "./build-export-messages";
import { HelperProcess } from "./helper-process";

// PowerPoint and Excel files are built in a helper process (build-export-process.ts): a 19-insight deck kept the web
// server's thread busy for 260-400 ms at a time on this loaded machine, and every other request waited.

/** A file that takes longer than this is given up (the helper is replaced); a 200-insight deck takes seconds. */
const BUILD_TIMEOUT_MS = 120_000;

const builder = new HelperProcess<Omit<BuildRequest, "id">, BuildAnswer>({
  name: "export builder",
  entry: "server/exports/off-thread/build-export-entry.mjs",
});

/** Starts the export builder now rather than on the first export (the web process does it when it starts). */
export function startExportBuilder(): void {
  builder.start();
}

/** The export model as a PowerPoint or Excel file, built away from this thread. */
export async function buildExportBytes(model: ExportModel, format: ExportFormatKey): Promise<Buffer> {
  const answer = await builder.request({ model, format }, BUILD_TIMEOUT_MS);
  if ("failed" in answer) throw new Error(`the export builder ${answer.failed === "crashed" ? "failed" : "timed out"}`);
  if (!answer.ok) throw new Error(`building the ${format} file failed: ${answer.error}`);
  return Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength);
}
