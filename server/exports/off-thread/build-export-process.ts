import type { ExportModel } from "../export-model";
import { buildPptx } from "../pptx/build-pptx";
import { buildXlsx } from "../xlsx/build-xlsx";
import { serveRequests } from "./serve-requests";
import type { BuildAnswer, BuildRequest } from "./build-export-messages";

// The export builder: a helper process (helper-process.ts) that turns export models into PowerPoint and Excel files,
// so that the seconds a large deck takes are spent away from the web server's requests. One file at a time is built
// here; several requests interleave where the builders wait.

/** Buffers cross the IPC channel as Uint8Arrays: the builders expect the logo as a Buffer. */
function revive(model: ExportModel): ExportModel {
  const logo = model.theme.logo;
  if (!logo || Buffer.isBuffer(logo.data)) return model;
  const data = logo.data as Uint8Array;
  return {
    ...model,
    theme: { ...model.theme, logo: { ...logo, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) } },
  };
}

serveRequests<BuildRequest, Omit<BuildAnswer, "id">>(async ({ model, format }) => {
  try {
    const body = format === "pptx" ? await buildPptx(revive(model)) : await buildXlsx(revive(model));
    return { ok: true, body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
});
