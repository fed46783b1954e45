/**
 * `npm test`: the whole suite, in the order that fails fastest: type-check, lint, unit and API
 * tests against a real PostgreSQL, then the Playwright journeys against a fresh production build
 * in headless Chromium. `--e2e-only` runs just the last part.
 */
import path from "node:path";
import { ensureChromium } from "./lib/chromium";
import { ensureBuild } from "./lib/build";
import { ensureLibreOffice } from "./lib/office";
import { runToEnd, runToEndQuietly } from "./lib/processes";

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const e2eOnly = process.argv.includes("--e2e-only");
const timings: string[] = [];

async function step(name: string, fn: () => Promise<void>) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  await fn();
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const env = { ...process.env };
  if (!e2eOnly) {
    // Side by side, each printing its whole output when it ends: all three report even when one fails (tsc keeps
    // both cores busy on its own, so this saves seconds, not the sum of the three).
    await step("type-check, lint and format", async () => {
      const checks = await Promise.allSettled([
        runToEndQuietly(bin("tsc"), ["--noEmit"], env),
        runToEndQuietly(bin("eslint"), ["--max-warnings=0", "."], env),
        runToEndQuietly(bin("prettier"), ["--check", "--log-level=warn", "."], env),
      ]);
      const failed = checks.filter((check) => check.status === "rejected");
      if (failed.length > 0) throw new Error(failed.map((check) => String(check.reason.message)).join("\n"));
    });
    // The export tests open the files in LibreOffice, as a client's office suite would.
    ensureLibreOffice();
    await step("unit and API tests", () => runToEnd(bin("vitest"), ["run"], env));
  }
  const e2eEnv = {
    ...env,
    NEXT_DIST_DIR: ".next-e2e",
    CHROMIUM_PATH: ensureChromium(),
    // tsc has just checked every file; the build's own check of the same files would take another minute.
    ...(e2eOnly ? {} : { NEXT_SKIP_TYPE_CHECK: "1" }),
  };
  // Always a fresh production build, so the journeys test this code and not an older build.
  await step("production build", () => ensureBuild(e2eEnv, { force: true }));
  await step("end-to-end tests", () => runToEnd(bin("playwright"), ["test"], e2eEnv));
  console.log(`\nAll tests passed.\n${timings.join("\n")}`);
}

main().catch((error) => {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  console.log(timings.join("\n"));
  process.exit(1);
});
