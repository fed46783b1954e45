import { expect, test, type Page } from "./support/test";

// The demo admin compares two collection pages of the demo store on its seeded data, reads the
// verdict and adds the result to a freshly generated report, where it shows under Other Insights.
const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
const STORE = "Northwind Outfitters Store";
const stamp = Date.now().toString(36);
const testName = `Boots vs jackets ${stamp}`;

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test("the demo admin creates a split test on the demo store and adds its result to a report", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page);

  // A ready report to add the result to: generate one for the default period.
  await page.getByRole("link", { name: STORE }).first().click();
  await expect(page).toHaveURL(/\/client-projects\/[0-9a-f-]{36}$/);
  const projectUrl = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Generate report" }).click();
  const generate = page.getByRole("dialog", { name: "Generate a report" });
  await generate.getByLabel("Report name").fill(`Split ${stamp}`);
  await generate.getByRole("button", { name: "Generate report" }).click();
  await expect(page.getByText("Your report is ready").first()).toBeVisible({ timeout: 90_000 });

  // The split test page from the header; pick the store.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Split tests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "URL split test" })).toBeVisible();
  await page.getByLabel("Project").selectOption({ label: STORE });
  await expect(page.getByText("No split tests yet")).toBeVisible();

  // Identical pages are refused with the field's message, and nothing is listed.
  // The comparison form (the page also holds the URL splitter's form, which has a Name too).
  const comparison = page.locator("form").filter({ has: page.getByLabel("Page A (control)") });
  await comparison.getByLabel("Name", { exact: true }).fill(testName);
  await page.getByLabel("Page A (control)").fill("/collections/hiking-boots");
  await page
    .getByLabel("Page B (challenger)")
    .fill("https://store.northwind-outfitters.example/collections/hiking-boots");
  await page.getByRole("button", { name: "Run split test" }).click();
  await expect(page.getByText("The two pages must be different").first()).toBeVisible();
  await expect(page.getByText("No split tests yet")).toBeVisible();

  await page.getByLabel("Page B (challenger)").fill("/collections/rain-jackets");
  await page.getByRole("button", { name: "Run split test" }).click();
  await expect(page).toHaveURL(/testId=[0-9a-f-]{36}/);
  await expect(page.getByRole("heading", { level: 2, name: testName })).toBeVisible();
  const verdict = page.getByTestId("split-verdict");
  await expect(verdict).toHaveAttribute("data-verdict", /^(winner|no_difference|not_enough_data)$/);
  await expect(page.getByRole("rowheader", { name: /Conversion rate/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Conversion rate by day for A/ })).toBeVisible();
  await page.getByLabel("Chart").selectOption({ label: "Engagement rate" });
  await expect(page.getByRole("img", { name: /Engagement rate by day for A/ })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(testName) })).toBeVisible();

  // Add it to the report, then find it in the report's Other Insights.
  await page.getByLabel("Add to report").selectOption({ label: `Split ${stamp}` });
  await page.getByRole("button", { name: "Add as insight" }).click();
  await expect(page.getByText("The split test was added to the report")).toBeVisible();
  await page.goto(projectUrl);
  const other = page.getByRole("list", { name: "Other Insights" });
  await expect(other.getByRole("article", { name: new RegExp(`^Split test: ${testName}`) })).toBeVisible();
});
