import fs from "node:fs";
import path from "node:path";
import { runToEnd } from "./processes";

/**
 * Builds the app when no build exists or the existing one was made for another BASE_PATH
 * (Next.js bakes the base path into the build).
 */
export async function ensureBuild(env: NodeJS.ProcessEnv, options: { force?: boolean } = {}): Promise<void> {
  const distDir = env.NEXT_DIST_DIR || ".next";
  const marker = path.join(distDir, "funnelwise-build.json");
  const wanted = JSON.stringify({ basePath: env.BASE_PATH ?? "" });
  const current = fs.existsSync(marker) ? fs.readFileSync(marker, "utf8") : null;
  if (!options.force && fs.existsSync(path.join(distDir, "BUILD_ID")) && current === wanted) return;
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
    fs.writeFileSync("tsconfig.json", tsconfig);
  }
  fs.writeFileSync(marker, wanted);
}
