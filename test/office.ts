import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFTOTEXT, SOFFICE } from "@/scripts/lib/office";

const run = promisify(execFile);

export interface Converted {
  /** What LibreOffice printed (it names a file it could not load there). */
  output: string;
  /** Each input's PDF text, by the input's file name. */
  text: Map<string, string>;
}

/**
 * Opens office files in LibreOffice headless and prints each to PDF, as `npm test` installs it (scripts/lib/office.ts):
 * the test of a file that a real office suite reads. Its own profile directory, so parallel runs do not share one.
 */
export async function convertToPdf(files: { name: string; body: Buffer }[]): Promise<Converted> {
  if (!fs.existsSync(SOFFICE))
    throw new Error(`LibreOffice is not installed (${SOFFICE}): npm test installs it, or see scripts/lib/office.ts`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "funnelwise-office-"));
  try {
    const inputs = files.map((f) => {
      const p = path.join(dir, f.name);
      fs.writeFileSync(p, f.body);
      return p;
    });
    const { stdout, stderr } = await run(
      SOFFICE,
      [
        `-env:UserInstallation=file://${path.join(dir, "profile")}`,
        "--headless",
        "--norestore",
        "--convert-to",
        "pdf",
        "--outdir",
        path.join(dir, "pdf"),
        ...inputs,
      ],
      { timeout: 180_000 },
    );
    const text = new Map<string, string>();
    for (const f of files) {
      const pdf = path.join(dir, "pdf", f.name.replace(/\.[^.]+$/, ".pdf"));
      if (!fs.existsSync(pdf)) continue;
      text.set(f.name, (await run(PDFTOTEXT, ["-layout", pdf, "-"], { maxBuffer: 64 * 1024 * 1024 })).stdout);
    }
    return { output: `${stdout}\n${stderr}`, text };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
