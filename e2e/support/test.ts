import { expect, test as base, type Page } from "@playwright/test";
import { blockingViolations } from "./axe";

/** How long a page must stay on one address before it is checked: its data has loaded and dialogs have settled. */
const AXE_SETTLE_MS = 700;

/**
 * Checks every page a journey visits with axe-core: each address the main frame reaches (a full load or a
 * client-side navigation) once it has settled, and the last page at the end. Serious and critical violations are
 * collected with the address they were found on, and fail the journey at its end.
 */
function watchAccessibility(page: Page) {
  const found = new Map<string, string>();
  const checked = new Set<string>();
  const running: Promise<void>[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const check = async (url: string) => {
    if (closed || page.isClosed() || checked.has(url)) return;
    try {
      await page.waitForLoadState("load", { timeout: 5_000 });
      if (page.url() !== url) return; // moved on: the next address is checked instead
      const violations = await blockingViolations(page);
      checked.add(url);
      for (const v of violations) found.set(`${new URL(url).pathname} ${v}`, url);
    } catch {
      // The page navigated or closed while being checked: its next address is checked instead.
    }
  };

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      running.push(check(page.url()));
    }, AXE_SETTLE_MS);
  };

  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && !page.url().startsWith("about:")) schedule();
  });

  return {
    async finish(): Promise<string[]> {
      if (timer) clearTimeout(timer);
      if (!page.isClosed() && !page.url().startsWith("about:")) running.push(check(page.url()));
      await Promise.all(running);
      closed = true;
      return [...found.keys()];
    },
  };
}

/**
 * Playwright's `test` with two checks every journey gets:
 * - it fails when the browser reports a Content-Security-Policy violation, so a page that only works with the
 *   policy off cannot pass;
 * - every page it visits is checked with axe-core (WCAG 2.1 A and AA), and it fails on serious or critical
 *   violations, listing each with its page and elements.
 */
export const test = base.extend<{ cspViolations: string[]; accessibility: void }>({
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
});

export { expect };
export type { Page } from "@playwright/test";
