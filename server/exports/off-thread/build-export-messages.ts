import type { ExportFormatKey } from "@/lib/validation/exports";
import type { ExportModel } from "../export-model";

/** One file to build. */
export interface BuildRequest {
  id: number;
  model: ExportModel;
  format: ExportFormatKey;
}

/** The file's bytes, or the builder's error (a defect: the model was valid). */
export type BuildAnswer = { id: number } & ({ ok: true; body: Uint8Array } | { ok: false; error: string });
