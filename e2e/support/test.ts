import { expect, test as base } from "@playwright/test";

/**
 * Playwright's `test` with one addition: a journey fails when the browser reports a Content-Security-Policy
 * violation, so a page that only works with the policy off cannot pass.
 */
export const test = base.extend<{ cspViolations: string[] }>({
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
});

export { expect };
export type { Page } from "@playwright/test";
