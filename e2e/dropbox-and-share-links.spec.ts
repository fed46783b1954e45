import { expect, test, type Page } from "./support/test";

// The demo admin connects Dropbox (the fake's basic account), saves a report's Excel export into
// a Dropbox folder, shares the report by link, and the link is opened by a logged-out browser.

const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
const CLIENT = "Northwind Outfitters";
const STORE = "Northwind Outfitters Store";
const stamp = Date.now().toString(36);

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test("connect Dropbox, save a report export to a folder, and open a share link logged out", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await logIn(page);

  // Third Party Service Access: connect Dropbox through its consent page and come back.
  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByRole("link", { name: "Third Party Service Access" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Third Party Service Access" })).toBeVisible();
  await page.getByRole("link", { name: "Connect Dropbox" }).click();
  await expect(page).toHaveURL(/\/third-party-service$/);
  await expect(page.getByText("Your Dropbox account is connected.")).toBeVisible();
  const row = page.getByRole("row", { name: /Dropbox/ });
  await expect(row).toContainText("lena.basic@example.com");
  await expect(row).toContainText("basic");

  // A report of the demo store.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: STORE }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: STORE })).toBeVisible();
  // The generate form is a dialog opened from the report's header.
  await page.getByRole("button", { name: "Generate report" }).click();
  const generate = page.getByRole("dialog", { name: "Generate a report" });
  await generate.getByLabel("Report name").fill(`Dropbox ${stamp}`);
  await generate.getByRole("button", { name: "Generate report" }).click();
  await expect(page.getByText("Your report is ready").first()).toBeVisible({ timeout: 120_000 });

  // Save to Dropbox: open a folder, choose Excel, save; the saved path is named.
  await page.getByRole("button", { name: "Save to Dropbox" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Save to Dropbox" });
  await expect(dialog.getByText("lena.basic@example.com")).toBeVisible();
  await dialog.getByRole("button", { name: "Open folder Reports" }).click();
  await expect(dialog.getByText("Saving into: /Reports")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Open folder 2024" })).toBeVisible();
  await dialog.getByLabel("Excel (.xlsx)").check();
  await dialog.getByRole("button", { name: "Save here" }).click();
  await expect(page.getByText(`Saved to Dropbox as /Reports/Dropbox ${stamp} – Insights.xlsx`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(dialog).toBeHidden();

  // Share the report by link; the address is shown once.
  const panel = page.getByRole("region", { name: "Share links" });
  await panel.getByLabel("Link expires after").selectOption("7");
  await panel.getByRole("button", { name: "Create share link" }).click();
  const urlField = panel.getByLabel("Share link (shown only now)");
  await expect(urlField).toHaveValue(/\/shared\/[A-Za-z0-9_-]{43}$/);
  const shareUrl = await urlField.inputValue();
  await expect(panel.getByRole("row", { name: /Active/ })).toBeVisible();

  // A logged-out browser reads it: the client's report, read-only, not indexed.
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  const answer = await visitor.goto(shareUrl);
  expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(visitor).toHaveURL(shareUrl);
  await expect(visitor.getByRole("heading", { level: 1, name: `${CLIENT} · ${STORE}` })).toBeVisible();
  await expect(visitor.getByTestId("shared-insight").first()).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(visitor.getByRole("checkbox")).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: /Save|Tag|Download|Delete/ })).toHaveCount(0);

  // Revoked, the same link explains itself instead of showing the report.
  await panel
    .getByRole("button", { name: /^Revoke the share link/ })
    .first()
    .click();
  await expect(panel.getByRole("row", { name: /Revoked/ })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: "Link no longer available" })).toBeVisible();
  await expect(visitor.getByText("This link has been withdrawn")).toBeVisible();
  await stranger.close();

  // Revoking Dropbox access from the settings page.
  await page.goto("/third-party-service");
  await page.getByRole("button", { name: "Revoke Dropbox" }).click();
  await page.getByRole("dialog", { name: "Revoke Dropbox access?" }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("No connected services")).toBeVisible();
});
