import { expect, test as base, type Page } from "@playwright/test";
import { blockingViolations } from "./axe";
import { INTERACTIVITY_ATTACHMENT, watchInteractivity } from "./interactivity";
import { pageKind } from "./page-kind";

/** How long a page must stay on one address before it is checked: its data has loaded and dialogs have settled. */
const AXE_SETTLE_MS = 1_500;

/**
 * Checks every page a journey visits with axe-core: each kind of page the main frame reaches (a full load or a
 * client-side navigation), once it has stayed there a moment, and the last page at the end. One check runs at a time
 * (axe holds the page's main thread while it runs). Serious and critical violations are collected with the page they
 * were found on, and fail the journey at its end.
 */
function watchAccessibility(page: Page) {
  const found = new Set<string>();
  const checked = new Set<string>();
  let queue: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const check = async (url: string) => {
    const kind = pageKind(url);
    if (closed || page.isClosed() || checked.has(kind) || page.url() !== url) return;
    try {
      // A dialog fading in or out is not what the reader sees once it settles: wait for transitions to end.
      await page.evaluate(() =>
        Promise.race([
          Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
          new Promise((resolve) => setTimeout(resolve, 2_000)),
        ]),
      );
      if (page.url() !== url) return;
      let violations = await blockingViolations(page);
      if (violations.length) {
        // A button turning enabled mid-transition is not a page's state: keep what is still there a moment later.
        await page.waitForTimeout(1_000);
        if (page.url() !== url) return;
        const again = new Set(await blockingViolations(page));
        violations = violations.filter((v) => again.has(v));
      }
      if (page.url() !== url) return; // moved on while checked: the next page is checked instead
      checked.add(kind);
      for (const v of violations) found.add(`${kind}: ${v}`);
    } catch {
      // The page navigated or closed while being checked: its next address is checked instead.
    }
  };

  const enqueue = (url: string) => {
    queue = queue.then(() => check(url));
  };

  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame() || page.url().startsWith("about:")) return;
    if (checked.has(pageKind(page.url()))) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      enqueue(page.url());
    }, AXE_SETTLE_MS);
  });

  return {
    async finish(): Promise<string[]> {
      if (timer) clearTimeout(timer);
      if (!page.isClosed() && !page.url().startsWith("about:")) enqueue(page.url());
      await queue;
      closed = true;
      return [...found];
    },
  };
}

/**
 * Playwright's `test` with two checks every journey gets:
 * - it fails when the browser reports a Content-Security-Policy violation, so a page that only works with the
 *   policy off cannot pass;
 * - every page it visits is checked with axe-core (WCAG 2.1 A and AA), and it fails on serious or critical
 *   violations, listing each with its page and elements;
 * - every page it loads is timed until it is interactive and until its data shows (attached for the
 *   interactivity reporter, which prints them against the 1 s budget).
 */
export const test = base.extend<{ cspViolations: string[]; accessibility: void; interactivity: void }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (/Content[- ]Security[- ]Policy|Refused to (execute|load|apply|connect|frame)/i.test(text)) {
          violations.push(text);
        }
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations in the browser console").toEqual([]);
    },
    { auto: true },
  ],
  accessibility: [
    async ({ page }, use, testInfo) => {
      const watch = watchAccessibility(page);
      await use();
      const violations = await watch.finish();
      // A journey that already failed says why; accessibility findings would only hide it.
      if (testInfo.status !== testInfo.expectedStatus) return;
      expect(violations, "Accessibility violations (serious or critical) on the pages visited").toEqual([]);
    },
    { auto: true },
  ],
  interactivity: [
    async ({ page, baseURL }, use, testInfo) => {
      const watch = watchInteractivity(page, new URL(baseURL!).origin);
      await use();
      if (testInfo.status !== testInfo.expectedStatus) return;
      const timings = await watch.finish();
      await testInfo.attach(INTERACTIVITY_ATTACHMENT, {
        body: JSON.stringify(timings),
        contentType: "application/json",
      });
    },
    { auto: true },
  ],
});

export { expect };
export type { Page } from "@playwright/test";
