import { expect, test, type Page } from "./support/test";

// A Data Creator's first Google source, against the Google fake started by the global setup: the
// wizard's three steps, the Google sign-in popup (the fake's consent page redirects straight back),
// the GA4 property picked from the account's list, and the first import finishing and listed on
// the data source's page.

const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
const STORE = "Northwind Outfitters Store";

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test("connects GA4 through the wizard with a Google sign-in popup and sees the first import finish", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page);
  await page.getByRole("link", { name: STORE }).first().click();
  // The project's navigation (the page header has the same link).
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Data sources" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Data sources" })).toBeVisible();

  // Step 1: Data Source.
  await page.getByRole("button", { name: "Add data source" }).click();
  await expect(page.getByRole("heading", { name: "Step 1 of 3: Data Source" })).toBeVisible();
  await page.getByRole("radio", { name: /Google Analytics 4/ }).check();
  await page.getByRole("button", { name: "Next" }).click();

  // Step 2: Data Details — sign in with Google in a popup.
  await expect(page.getByRole("heading", { name: "Step 2 of 3: Data Details" })).toBeFocused();
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  const popup = await popupOpened;
  await popup.waitForEvent("close", { timeout: 20_000 });
  await expect(page.getByText("Signed in as owner@northwind.example")).toBeVisible();

  // Picking the property needs the account first.
  await expect(page.getByLabel("GA4 property")).toBeDisabled();
  await page.getByLabel("Analytics account").selectOption({ label: "Northwind Group" });
  await page.getByLabel("GA4 property").selectOption({ label: "Northwind Shop" });
  await expect(page.getByRole("checkbox", { name: "purchase" })).toBeVisible();
  await page.getByLabel("Data source name").fill("Northwind Shop GA4");
  await page.getByRole("button", { name: "Connect Google Analytics 4" }).click();

  // Step 3: Confirmation, with the first import's progress.
  const wizard = page.getByRole("region", { name: "Add a data source" });
  await expect(wizard.getByText("Northwind Shop GA4 is connected.")).toBeVisible();
  // The project's list shows the new source with its import state at once.
  await expect(page.getByRole("link", { name: "Northwind Shop GA4", exact: true })).toBeVisible();
  await wizard.getByRole("link", { name: "Open Northwind Shop GA4" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Northwind Shop GA4" })).toBeVisible();

  // The worker runs the first import (15 months of the fake's data); the page polls until it is listed.
  const runs = page.getByRole("table", { name: /Import runs/ });
  const firstImport = runs.getByRole("row").filter({ hasText: "First import" });
  await expect(firstImport.filter({ hasText: "Finished" })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/Data from .* through /)).toBeVisible();
});

test("an answer from Google with a state this browser did not start is refused with a clear message", async ({
  page,
}) => {
  await logIn(page);
  await page.goto("/api/google-service/auth-code?error=access_denied&state=forged");
  await expect(
    page.getByText("This Google sign-in link is invalid or has expired. Please sign in with Google again."),
  ).toBeVisible();
});

test("connects Google Ads by keyword in a new project and the first report finds the campaign's burst", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const project = `Northwind Ads ${Date.now().toString(36)}`;
  await logIn(page);
  await page.getByRole("link", { name: STORE }).first().click();
  await page
    .getByRole("navigation", { name: "Breadcrumb" })
    .getByRole("link", { name: "Northwind Outfitters" })
    .click();
  await page.getByRole("button", { name: "Add project" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Project name").fill(project);
  await dialog.getByLabel("Site URL").fill("www.northwind.example");
  await dialog.getByLabel("Site type").selectOption("ecommerce");
  await dialog.getByRole("button", { name: "Save project" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("link", { name: project }).click();
  await expect(page.getByRole("heading", { level: 1, name: project })).toBeVisible();
  const projectUrl = new URL(page.url()).pathname;
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Data sources" }).click();

  // Step 1 and 2: Google Ads, signed in through the popup, the account and the keyword report.
  await page.getByRole("button", { name: "Add data source" }).click();
  await page.getByRole("radio", { name: /Google Ads/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  // The user may still be signed in with Google from an earlier source (the GA4 journey): then the
  // wizard goes on with that account; otherwise, sign in through the popup.
  const signIn = page.getByRole("button", { name: "Sign in with Google" });
  await expect(signIn.or(page.getByText(/Signed in as owner@northwind\.example/))).toBeVisible();
  if (await signIn.isVisible()) {
    const popupOpened = page.waitForEvent("popup");
    await signIn.click();
    await (await popupOpened).waitForEvent("close", { timeout: 20_000 });
  }
  await page.getByLabel("Google Ads account").selectOption({ label: "Northwind Ads (1234567890)" });
  await page.getByRole("radio", { name: /Search keywords/ }).check();
  await expect(page.getByText("by the keyword of its Search ad groups that matched")).toBeVisible();
  await page.getByLabel("Data source name").fill("Northwind Ads keywords");
  await page.getByRole("button", { name: "Connect Google Ads" }).click();

  // Step 3 and the first import.
  const wizard = page.getByRole("region", { name: "Add a data source" });
  await expect(wizard.getByText("Northwind Ads keywords is connected.")).toBeVisible();
  await wizard.getByRole("link", { name: "Open Northwind Ads keywords" }).click();
  const runs = page.getByRole("table", { name: /Import runs/ });
  await expect(runs.getByRole("row").filter({ hasText: "First import" }).filter({ hasText: "Finished" })).toBeVisible({
    timeout: 90_000,
  });

  // A report on the project reads the imported Ads data: the one-day burst of "Generic - Shoes".
  await page.goto(projectUrl);
  await page.getByRole("button", { name: "Generate report" }).click();
  const generate = page.getByRole("dialog", { name: "Generate a report" });
  await generate.getByLabel("Report name").fill("Ads check");
  await generate.getByRole("button", { name: "Generate report" }).click();
  await expect(page.getByText("Your report is ready").first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("article").filter({ hasText: "Generic - Shoes" }).first()).toBeVisible();
});
