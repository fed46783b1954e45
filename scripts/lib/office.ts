import { execSync } from "node:child_process";
import fs from "node:fs";

/** Where Debian's packages put LibreOffice's launcher and poppler's pdftotext. */
export const SOFFICE = "/usr/bin/soffice";
export const PDFTOTEXT = "/usr/bin/pdftotext";

/**
 * LibreOffice (Calc and Impress) and poppler for the export tests, which open every workbook and deck the way a
 * client's office suite would: installed with apt when missing (about 330 MB, half a minute), as Chromium is.
 */
export function ensureLibreOffice(): void {
  if (fs.existsSync(SOFFICE) && fs.existsSync(PDFTOTEXT)) return;
  const packages = "libreoffice-calc libreoffice-impress poppler-utils";
  if (process.getuid?.() !== 0) {
    throw new Error(
      `LibreOffice is missing (${SOFFICE}). Install it with: sudo apt-get install -y --no-install-recommends ${packages}`,
    );
  }
  console.log(`Installing LibreOffice from Debian (apt-get install ${packages})...`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages}`,
    { stdio: "inherit" },
  );
  if (!fs.existsSync(SOFFICE)) throw new Error(`LibreOffice was installed but is not at ${SOFFICE}`);
}
