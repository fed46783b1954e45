import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The run in progress on each page: axe refuses a second run while one is going ("Axe is already running"), and a
 * journey's own check can start while the every-page check (test.ts) is still on the same page. Runs wait their turn.
 */
const running = new WeakMap<Page, Promise<unknown>>();

/** The serious and critical violations (WCAG 2.1 A and AA rules) on the page as it is now, each with its elements. */
export function blockingViolations(page: Page): Promise<string[]> {
  const previous = running.get(page) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => analyse(page));
  running.set(page, run);
  return run;
}

async function analyse(page: Page): Promise<string[]> {
  // Next streams a page's metadata: just after a client-side navigation the <title> can be a moment behind the page
  // (a clean-clone run caught 'document-title' on onboarding step 2). Wait for it; a page with no title still fails.
  await expect(page, "the page has a title").toHaveTitle(/\S/);
  // Legacy mode runs axe in the page itself: the default (partial runs) opens a blank page to merge frame results,
  // which a journey would see as a page of its own. The app has no iframes to merge.
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, so the journey says what
 * to fix at the step that caused it. Every journey also checks each page it visits (e2e/support/test.ts); this is
 * for states within a page (a dialog open, a narrower viewport).
 */
export async function expectAccessible(page: Page, what = page.url()): Promise<void> {
  expect(await blockingViolations(page), `Accessibility violations on ${what}`).toEqual([]);
}

/** The page is no wider than the viewport: nothing makes the user scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scroll, "page width against the viewport").toBeLessThanOrEqual(viewport);
}
