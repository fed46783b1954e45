import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import type { Benchmark, BenchResult } from "./harness";

// The report page's JavaScript as a browser downloads it on its first visit: the framework's main files and every
// chunk the page's entry loads (the root and app layouts, and the page with its charts, imported statically), read
// from the production build the bench starts (.next-bench) and gzipped. The budget is 250 kB gzipped.
// Read from the build's manifests, not the served HTML: the page checks the session before it renders.

const PAGE = "/(app)/client-projects/[id]/page";
const BUDGET_KB = 250;

export interface PageJs {
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

/** Sums the page's scripts (each once), raw and gzipped, from a production build in `distDir`. */
export function measurePageJs(distDir: string, page = PAGE): PageJs {
  const build = JSON.parse(fs.readFileSync(path.join(distDir, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  const manifestFile = path.join(distDir, "server/app", page.replace(/^\//, "") + "_client-reference-manifest.js");
  const sandbox: { self: Record<string, unknown>; globalThis?: unknown } = { self: {} };
  sandbox.globalThis = sandbox.self;
  vm.runInNewContext(fs.readFileSync(manifestFile, "utf8"), sandbox);
  const manifest = (sandbox.self.__RSC_MANIFEST as Record<string, { entryJSFiles: Record<string, string[]> }>)[page];
  const files = new Set<string>(build.rootMainFiles);
  // The page's entry and its layouts' (the error and not-found pages load only when shown).
  const entry = `[project]/app${page.replace(/\/page$/, "")}`;
  for (const [key, list] of Object.entries(manifest.entryJSFiles)) {
    if (key === `${entry}/page` || (key.endsWith("/layout") && entry.startsWith(key.replace(/\/layout$/, ""))))
      for (const f of list) files.add(f);
  }
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const body = fs.readFileSync(path.join(distDir, f));
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { files: files.size, rawBytes, gzipBytes };
}

/** The other screens an agency opens every day, printed beside the report page for comparison. */
const OTHER_PAGES: [string, string][] = [
  ["dashboard", "/(app)/dashboard/page"],
  ["insight detail", "/(app)/client-projects/[id]/insights/[insightId]/page"],
  ["data sources", "/(app)/client-projects/[id]/data-sources/page"],
  ["client", "/(app)/clients/[id]/page"],
  ["onboarding", "/(onboarding)/onboarding/page"],
];

export function pageJsResult(js: PageJs, label = "report page"): BenchResult {
  const kb = js.gzipBytes / 1024;
  return {
    label: `${label} JavaScript`,
    n: js.files,
    medianMs: NaN,
    p95Ms: NaN,
    note: `${kb.toFixed(1)} kB gzipped (${(js.rawBytes / 1024).toFixed(0)} kB raw) in ${js.files} files (budget < ${BUDGET_KB} kB: ${kb < BUDGET_KB ? "met" : "NOT met"})`,
  };
}

/** Needs the production build the bench makes when it starts the app (`--rebuild` after code changes). */
export const pageJsBenchmark: Benchmark = {
  name: "page-js",
  seed: async () => {},
  run: async () => {
    const distDir = process.env.PAGE_JS_DIST_DIR || ".next-bench";
    return [
      pageJsResult(measurePageJs(distDir)),
      ...OTHER_PAGES.map(([label, page]) => pageJsResult(measurePageJs(distDir, page), label)),
    ];
  },
};
