import { gzipSync } from "node:zlib";
import type { Benchmark, BenchResult } from "./harness";

// The report page's JavaScript as a browser downloads it: every script the page's HTML loads (the framework, the
// app shell and the page's own chunks; the report page imports its charts statically), fetched from the production
// build and gzipped. The budget is 250 kB gzipped.

/** The page measured: the project report screen (any id: the HTML and its scripts do not depend on the data). */
const REPORT_PATH = "/client-projects/00000000-0000-4000-8000-000000000000";
const BUDGET_KB = 250;

/** The proxy only checks that a session cookie is there; the page itself loads its data in the browser. */
const SESSION_COOKIE = "next-auth.session-token=bench";

export interface PageJs {
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
}

/** Sums the page's scripts (each once) as served, raw and gzipped. */
export async function measurePageJs(baseUrl: string, pagePath: string): Promise<PageJs> {
  const res = await fetch(`${baseUrl}${pagePath}`, { headers: { cookie: SESSION_COOKIE }, redirect: "manual" });
  const html = await res.text();
  if (!res.ok) throw new Error(`page-js: ${pagePath} answered ${res.status}`);
  const sources = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) sources.add(m[1].replaceAll("&amp;", "&"));
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const src of sources) {
    const script = await fetch(new URL(src, baseUrl));
    if (!script.ok) throw new Error(`page-js: ${src} answered ${script.status}`);
    const body = Buffer.from(await script.arrayBuffer());
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { scripts: sources.size, rawBytes, gzipBytes };
}

export const pageJsBenchmark: Benchmark = {
  name: "page-js",
  seed: async () => {},
  run: async ({ baseUrl }): Promise<BenchResult[]> => {
    const js = await measurePageJs(baseUrl, REPORT_PATH);
    const kb = js.gzipBytes / 1024;
    return [
      {
        label: "report page JavaScript",
        n: js.scripts,
        medianMs: NaN,
        p95Ms: NaN,
        note: `${kb.toFixed(1)} kB gzipped (${(js.rawBytes / 1024).toFixed(0)} kB raw) in ${js.scripts} scripts (budget < ${BUDGET_KB} kB: ${kb < BUDGET_KB ? "met" : "NOT met"})`,
      },
    ];
  },
};
