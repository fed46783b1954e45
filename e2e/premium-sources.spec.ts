import { expect, test, type Page } from "./support/test";

// The agency admin connects the lead generation site's CRM: the wizard offers it (and the
// ecommerce platform, switched on for this run), "Connect HubSpot" goes to HubSpot's consent page
// (e2e/fakes/hubspot), the callback brings the browser to the new source's page, and the first
// import runs in the worker until the page shows the imported days and deals.

const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
const SITE = "Northwind Corporate Uniforms";
const stamp = Date.now().toString(36);

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test("the CRM is connected through HubSpot's consent page and its deals are imported", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  await page.getByRole("link", { name: SITE }).first().click();
  await expect(page).toHaveURL(/\/client-projects\/[0-9a-f-]{36}$/);
  const projectPath = new URL(page.url()).pathname;
  await page.goto(`${projectPath}/data-sources`);
  await page.getByRole("button", { name: "Add data source" }).click();

  await expect(page.getByRole("radio", { name: /Ecommerce platform \(Shopify\)/ })).toBeVisible();
  const crm = page.getByRole("radio", { name: /CRM \(HubSpot\)/ });
  await crm.check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Step 2 of 3: Data Details" })).toBeVisible();
  await page.getByLabel("Data source name").fill(`HubSpot deals ${stamp}`);
  await page.getByRole("button", { name: "Connect HubSpot" }).click();

  // HubSpot's own page.
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByRole("link", { name: "Connect app" }).click();

  // Back in the app, on the new source's page.
  await expect(page).toHaveURL(/\/data-sources\/[0-9a-f-]{36}\?connected=hubspot$/);
  await expect(page.getByRole("heading", { name: `HubSpot deals ${stamp}` })).toBeVisible();
  const imports = page.getByRole("region", { name: "Imports from HubSpot" });
  await expect(imports.getByText(/HubSpot portal \d+/)).toBeVisible();
  await expect(imports.getByText(/Data from .* through /)).toBeVisible({ timeout: 60_000 });
  await expect(imports.getByText("Deals won")).toBeVisible();
  // Won value is money, with the project's currency.
  await expect(imports.getByRole("definition").filter({ hasText: /^[$€£]\d[\d,.]*$/ })).toHaveCount(1);
  const rows = imports.getByRole("table").getByRole("row");
  await expect(rows.nth(1)).toContainText("Finished");

  // The same answer again (a replayed state) is refused, and adds no second source.
  await page.goBack();
  await page.getByRole("link", { name: "Connect app" }).click();
  await expect(page.getByText(/not valid, was already used or has expired/)).toBeVisible();

  // A report on the project now leads its figures with the deals and answers for them.
  await page.goto(projectPath);
  await page.getByRole("button", { name: "Generate report" }).click();
  const generate = page.getByRole("dialog", { name: "Generate a report" });
  await generate.getByLabel("Report name").fill(`CRM ${stamp}`);
  await generate.getByRole("button", { name: "Generate report" }).click();
  await expect(page.getByText("Your report is ready").first()).toBeVisible({ timeout: 90_000 });
  const figures = page.getByTestId("kpi-strip");
  await expect(figures.getByText("Deals won", { exact: true })).toBeVisible();
  await expect(figures.getByText("Won deal value", { exact: true })).toBeVisible();
  await expect(page.getByText(/Deals won by channel/).first()).toBeVisible();
});
