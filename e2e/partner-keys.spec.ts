import { expect, test, type Page } from "./support/test";

// The agency's own keyword-partner key, end to end: the server has no Semrush key of its own (e2e/support/
// global-setup.ts), so the admin saves the agency's in agency settings; the key is checked with one live call to
// Semrush (e2e/fakes/partners: its API units balance), the answer shown ("Semrush accepted the key; 3,000 units
// left"), the key never shown again in full; then a keyword rankings source imports with it and is connected only
// once its first import succeeded.

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

test("a partner key saved in agency settings is checked, answered, and imports a keyword source", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  await page.goto("/agency-detail");
  const card = page.getByRole("region", { name: "Partner API keys" });
  const semrush = card.getByRole("form", { name: "Semrush API key" });
  await expect(semrush.getByText("No key yet: the keyword and competitor sources need one.")).toBeVisible();

  // A wrong key is refused under its field, and nothing is kept.
  await semrush.getByLabel("Semrush API key").fill("not-the-key");
  await semrush.getByRole("button", { name: "Check and save" }).click();
  await expect(semrush.getByText(/^Semrush refused this key \(.*\)\. Check it and try again$/)).toBeVisible();
  await expect(semrush.getByText("No key yet: the keyword and competitor sources need one.")).toBeVisible();

  // The agency's key: the partner's answer, then only its last 4 characters.
  await semrush.getByLabel("Semrush API key").fill("semrush-test-key");
  await semrush.getByRole("button", { name: "Check and save" }).click();
  await expect(semrush.getByRole("status")).toHaveText("Semrush accepted the key; 3,000 units left");
  await expect(semrush.getByText(/Your key ending in -key/)).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("semrush-test-key");
  await page.screenshot({ path: test.info().outputPath("partner-key-1440.png"), fullPage: true });

  // A keyword rankings source on a project imports with it.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: SITE }).first().click();
  await expect(page).toHaveURL(/\/client-projects\/[0-9a-f-]{36}$/);
  await page.goto(`${new URL(page.url()).pathname}/data-sources`);
  await page.getByRole("button", { name: "Add data source" }).click();
  await page.getByRole("radio", { name: /Keyword rankings \(Semrush\)/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Data source name").fill(`Rankings ${stamp}`);
  await page.getByLabel("Tracking campaign").fill("12920575_1209408");
  await page.getByLabel("Tracked domain").fill("northwind-uniforms.example");
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(
    page.getByText(`Rankings ${stamp} is connected: its first import finished, and it refreshes every day on its own.`),
  ).toBeVisible({ timeout: 60_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("keyword-source-390.png"), fullPage: true });
});
