import { execSync } from "node:child_process";
import fs from "node:fs";

/** Debian's Chromium for the end-to-end tests, installed with apt when missing (Playwright never downloads one). */
export function ensureChromium(): string {
  const path = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (fs.existsSync(path)) return path;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing at ${path}. Install it with: sudo apt-get install -y --no-install-recommends chromium`,
    );
  }
  console.log("Installing Chromium from Debian (apt-get install chromium)...");
  execSync(
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium",
    {
      stdio: "inherit",
    },
  );
  if (!fs.existsSync(path)) throw new Error(`Chromium was installed but is not at ${path}`);
  return path;
}
