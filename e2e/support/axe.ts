import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test";

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is now and fails on any serious or
 * critical violation, naming the rule and the first elements at fault.
 */
export async function expectAccessible(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
  expect(blocking, `accessibility violations on ${label}`).toEqual([]);
}

/** The page is no wider than the viewport: nothing makes the user scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scroll, "page width against the viewport").toBeLessThanOrEqual(viewport);
}
