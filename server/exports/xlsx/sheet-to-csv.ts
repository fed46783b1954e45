import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { importedSheetCsv, type ChosenSheet } from "@/lib/csv-import/xlsx/import-sheet";
import type { WorkbookZip } from "@/lib/csv-import/xlsx/workbook-csv";
import { entryDataStart, readZipDirectory, type ZipEntry } from "@/lib/csv-import/xlsx/zip-directory";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { AppError } from "../../errors";

/** CSV text gathered before it is handed on. */
const OUT_BYTES = 256 * 1024;
/** Inflated bytes at a time: fewer, larger pieces for the sheet reader. */
const INFLATE_CHUNK = 256 * 1024;

/**
 * The worksheet of an .xlsx upload the importer reads (lib/csv-import/xlsx/import-sheet.ts: the first with dates and
 * metrics, as the wizard's preview chooses it) as CSV bytes, streamed; `onSheet` is told which sheet it is. The
 * upload is written to a temporary file first: a zip's directory is at its end, and Excel writes the shared strings
 * after the sheets, so the parts are read from the file in the order the sheet needs them
 * (lib/csv-import/xlsx/workbook-csv.ts), the sheet inflating row by row into CSV lines (lib/csv-import/xlsx-cells.ts),
 * and the file is then read exactly as a CSV export is.
 */
export async function* xlsxToCsv(
  chunks: AsyncIterable<Buffer>,
  onSheet?: (chosen: ChosenSheet) => void,
): AsyncGenerator<Buffer> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "funnelwise-xlsx-"));
  const file = path.join(dir, "upload.xlsx");
  let handle: fs.promises.FileHandle | undefined;
  try {
    await pipeline(Readable.from(chunks), fs.createWriteStream(file));
    handle = await fs.promises.open(file, "r");
    const zip = await openZip(handle, file);
    let out = "";
    for await (const text of importedSheetCsv(zip, onSheet)) {
      out += text;
      if (out.length >= OUT_BYTES) {
        yield Buffer.from(out, "utf8");
        out = "";
      }
    }
    if (out !== "") yield Buffer.from(out, "utf8");
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(415, M.notXlsx, { file: M.notXlsx });
  } finally {
    await handle?.close();
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

async function openZip(handle: fs.promises.FileHandle, file: string): Promise<WorkbookZip> {
  const { size } = await handle.stat();
  const read = async (start: number, length: number) => {
    const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
    return buffer.subarray(0, bytesRead);
  };
  const entries = await readZipDirectory(size, read);
  return {
    entries,
    async *text(entry: ZipEntry) {
      const start = await entryDataStart(entry, read);
      if (entry.compressedSize === 0) return;
      const raw = fs.createReadStream(file, { start, end: start + entry.compressedSize - 1, highWaterMark: 1 << 20 });
      const bytes = entry.method === 8 ? raw.pipe(zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK })) : raw;
      raw.on("error", (error) => bytes.destroy(error));
      const decoder = new TextDecoder("utf-8");
      for await (const chunk of bytes as AsyncIterable<Buffer>) yield decoder.decode(chunk, { stream: true });
      const last = decoder.decode();
      if (last !== "") yield last;
    },
  };
}
