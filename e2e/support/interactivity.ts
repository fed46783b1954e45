import type { Page } from "@playwright/test";
import { pageKind } from "./page-kind";

/** One page load as the journey's browser saw it, in ms from the start of the navigation. */
export interface PageTiming {
  kind: string;
  /** React has hydrated the screen (the app's interactive mark): it answers clicks and keys. Null: not in the wait. */
  interactiveMs: number | null;
  /** No loading placeholder is left: the screen's data is shown too. Null: still loading at the end of the wait. */
  readyMs: number | null;
  /** "load" when the journey itself loaded the page, "revisit" when it was reached by a link and loaded again after. */
  how: "load" | "revisit";
  /** When the data did not show within the wait: what was still loading (its label). */
  waitingFor?: string;
}

export const INTERACTIVITY_ATTACHMENT = "interactivity";

const MARK = "funnelwise:interactive";
const WAIT_MS = 8_000;
/** Pages a journey only reached by links are loaded once more at its end, at most this many per journey. */
const REVISITS_PER_JOURNEY = 6;

/** Page kinds measured in this worker already: each kind is loaded again at most once across the journeys. */
const measuredKinds = new Set<string>();

/** Runs in the page: waits for the interactive mark and for the last loading placeholder to go. */
type BrowserTiming = Pick<PageTiming, "interactiveMs" | "readyMs" | "waitingFor">;

function timePageInBrowser([mark, waitMs]: [string, number]): Promise<BrowserTiming> {
  const until = (done: () => boolean) =>
    new Promise<number | null>((resolve) => {
      const tick = () => {
        if (done()) resolve(performance.now());
        else if (performance.now() > waitMs) resolve(null);
        else setTimeout(tick, 16);
      };
      tick();
    });
  // A page the server writes as plain HTML (the OAuth callbacks' error page) runs no React: it is interactive when
  // the browser has parsed it.
  if (!document.querySelector('script[src*="/_next/"]')) {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const at = nav?.domInteractive ?? performance.now();
    return Promise.resolve({ interactiveMs: at, readyMs: at });
  }
  return until(() => performance.getEntriesByName(mark).length > 0).then(async (seen) => {
    const interactiveMs = seen === null ? null : performance.getEntriesByName(mark)[0].startTime;
    const readyMs = await until(() => !document.querySelector("[data-loading]"));
    if (readyMs !== null) return { interactiveMs, readyMs: Math.max(readyMs, interactiveMs ?? 0) };
    const still = document.querySelector("[data-loading]");
    const waitingFor = still?.getAttribute("aria-label") || still?.textContent?.trim().slice(0, 60) || "a chart";
    return { interactiveMs, readyMs, waitingFor };
  });
}

/**
 * Times every full page load of the app a journey makes (the same moments a user waits for: the screen answers,
 * then its data is shown) and, at its end, loads once more the kinds of page it only reached through links, so
 * every page visited gets a figure. The figures go to the interactivity reporter, which prints them against the
 * 1 s budget; a slow page is reported, not failed (speed is judged on the production build, not in a timed test).
 */
export function watchInteractivity(page: Page, origin: string) {
  const timings: PageTiming[] = [];
  const reached = new Map<string, string>();
  let pending: Promise<void> = Promise.resolve();

  const isApp = (url: string) => url.startsWith(origin) && !new URL(url).pathname.startsWith("/api/");

  const measure = async (how: PageTiming["how"]) => {
    const url = page.url();
    if (!isApp(url)) return;
    try {
      const t = await page.evaluate(timePageInBrowser, [MARK, WAIT_MS] as [string, number]);
      if (page.url() !== url) return; // left before it settled: the next page is measured instead
      const kind = pageKind(url);
      measuredKinds.add(kind);
      timings.push({ kind, how, ...t });
    } catch {
      // The page navigated or closed while it was timed.
    }
  };

  page.on("load", () => {
    pending = pending.then(() => measure("load"));
  });
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame() || !isApp(page.url())) return;
    const kind = pageKind(page.url());
    if (!reached.has(kind)) reached.set(kind, page.url());
  });

  return {
    async finish(): Promise<PageTiming[]> {
      await pending;
      let revisits = 0;
      for (const [kind, url] of reached) {
        if (measuredKinds.has(kind) || revisits >= REVISITS_PER_JOURNEY || page.isClosed()) continue;
        revisits++;
        try {
          await page.goto(url, { waitUntil: "load" });
        } catch {
          continue;
        }
        // A page that sends this visitor elsewhere now (signed out, deleted) is not the page the journey saw.
        if (pageKind(page.url()) === kind) await measure("revisit");
        else measuredKinds.add(kind);
      }
      return timings;
    },
  };
}
