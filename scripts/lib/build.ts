import fs from "node:fs";
import path from "node:path";
import { runToEnd } from "./processes";

/** What `next build` compiles: a change in any of these makes an existing build stale. */
const BUILD_INPUTS = [
  "app",
  "components",
  "emails",
  "lib",
  "server",
  "public",
  "instrumentation.ts",
  "proxy.ts",
  "next.config.ts",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

/** The latest modification time (ms) of anything under `entry`, or 0 when it does not exist. */
function newestChange(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as its folder's change
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const markerText = (basePath: string) => JSON.stringify({ basePath });

/**
 * Whether the build in `distDir` (under `root`) can be served: it exists, was made for this
 * BASE_PATH (Next.js bakes the base path into the build), and no source file changed after it was
 * made. A build older than the code (after a `git pull`) would serve the old server against the
 * new migrations and worker.
 */
export function buildIsCurrent(root: string, distDir: string, basePath: string): boolean {
  const marker = path.resolve(root, distDir, "funnelwise-build.json");
  if (!fs.existsSync(path.resolve(root, distDir, "BUILD_ID")) || !fs.existsSync(marker)) return false;
  if (fs.readFileSync(marker, "utf8") !== markerText(basePath)) return false;
  const builtAt = fs.statSync(marker).mtimeMs;
  return BUILD_INPUTS.every((input) => newestChange(path.resolve(root, input)) <= builtAt);
}

/** Builds the app unless the existing build is current (`buildIsCurrent`) and no rebuild is forced. */
export async function ensureBuild(env: NodeJS.ProcessEnv, options: { force?: boolean } = {}): Promise<void> {
  const distDir = env.NEXT_DIST_DIR || ".next";
  const basePath = env.BASE_PATH ?? "";
  if (!options.force && buildIsCurrent(process.cwd(), distDir, basePath)) return;
  console.log(`Building the app (${distDir}); this takes a minute the first time...`);
  // next build rewrites tsconfig.json to include its build folder's types; keep the committed one.
  const tsconfig = fs.readFileSync("tsconfig.json", "utf8");
  try {
    await runToEnd(path.resolve("node_modules/.bin/next"), ["build"], {
      ...env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    });
  } finally {
    // Rewritten only when next changed it, so the restore does not make the build look stale.
    if (fs.readFileSync("tsconfig.json", "utf8") !== tsconfig) fs.writeFileSync("tsconfig.json", tsconfig);
  }
  fs.writeFileSync(path.join(distDir, "funnelwise-build.json"), markerText(basePath));
}
