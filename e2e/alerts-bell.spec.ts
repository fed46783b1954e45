import { expect, test, type Page } from "./support/test";

// Alerts, end to end: a new client's Meta Ads account (e2e/fakes/meta, its largest campaign's delivery cut to a
// quarter 5 days ago) is connected in the wizard; its first import is the sync whose alert check finds the drop; the
// header's bell says so, opens from the keyboard, links to the finding, and reading it clears the count. The check's
// run stays out of the project's reports (docs/decisions/0030-alerts-from-the-reports-engine.md); the first report
// generated on the project finds the campaign's drop.

const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
const stamp = Date.now().toString(36);
/** The campaign whose delivery the fake cut (e2e/support/global-setup.ts: dropCampaign 4 of 5). */
const PLANTED = "Campaign 5";

interface NotificationList {
  unread: number;
  items: { _id: string; read: boolean; headline: string; url: string; project: { _id: string } }[];
}

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

async function post<T>(page: Page, url: string, data?: unknown): Promise<T> {
  const res = await page.request.post(url, { data: data ?? {} });
  expect(res.status(), `${url} answered ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const notifications = async (page: Page) => (await (await page.request.get("/api/alerts")).json()) as NotificationList;

test("a planted drop imported by a sync rings the bell, which opens from the keyboard and leads to the finding", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await logIn(page);
  // What other journeys' projects told this admin is read: the count that follows is this project's.
  await post(page, "/api/alerts/read-all");
  const client = await post<{ _id: string }>(page, "/api/clients", { name: `Bell Outfitters ${stamp}` });
  const project = await post<{ _id: string }>(page, `/api/clients/${client._id}/properties/add`, {
    name: "Social ads",
    siteType: "ecommerce",
    currency: "USD",
    timeZone: "UTC",
  });

  // The wizard: Meta Ads, Facebook's login dialog, the ad account.
  await page.goto(`/client-projects/${project._id}/data-sources`);
  await page.getByRole("button", { name: "Add data source" }).click();
  await page.getByRole("radio", { name: /Meta Ads \(Facebook and Instagram\)/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Data source name").fill("Meta ads");
  await page.getByRole("button", { name: "Connect Meta" }).click();
  await expect(
    page.getByRole("heading", { name: "Funnelwise is requesting access to your ad accounts" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Choose a Meta ad account" })).toBeVisible();
  await page.getByRole("radio", { name: /Northwind Meta Ads/ }).check();
  await page.getByRole("button", { name: "Import this account" }).click();
  await expect(page).toHaveURL(/\/data-sources\/[0-9a-f-]{36}\?connected=meta$/);
  const imports = page.getByRole("region", { name: "Imports from Meta" });
  await expect(imports.getByText(/Data from .* through /)).toBeVisible({ timeout: 120_000 });

  // The import's alert check runs next in the worker: the drop is the project's news.
  await expect
    .poll(async () => (await notifications(page)).unread, { timeout: 60_000, intervals: [500, 1000] })
    .toBeGreaterThan(0);
  const list = await notifications(page);
  const ours = list.items.filter((i) => !i.read);
  expect(ours.every((i) => i.project._id === project._id)).toBe(true);
  const first = ours[0];
  expect(first.url).toMatch(new RegExp(`^/client-projects/${project._id}/insights/[0-9a-f-]{36}$`));

  await page.goto("/dashboard");
  const bell = page.getByRole("button", { name: `Notifications, ${list.unread} unread` });
  await expect(bell).toBeVisible();
  // The fake's days are dated from today, so what else the drop moved (a device, the day's total) varies: the count
  // is the check's own, and every unread alert is this project's.

  // The settings menu beside it is the same disclosure (use-header-disclosure.ts): Enter opens, Escape closes and
  // gives the focus back.
  const settings = page.getByRole("button", { name: "Settings" });
  await settings.focus();
  await page.keyboard.press("Enter");
  await expect(settings).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("link", { name: "Third Party Service Access" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(settings).toHaveAttribute("aria-expanded", "false");
  await expect(settings).toBeFocused();

  // The keyboard: Enter opens it, Escape closes it and gives the focus back, Tab reaches the newest alert's link.
  await bell.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel).toBeVisible();
  await expect(bell).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  const link = panel.getByRole("link").first();
  await expect(link).toContainText(`Bell Outfitters ${stamp} – Social ads`);
  await expect(link).toContainText(first.headline);
  await expect(link).toContainText("Unread:");
  for (let i = 0; i < 3; i++) {
    if (await link.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(link).toBeFocused();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath("bell-open-1440.png") });

  // The finding, in full: opening it marks it read.
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${first.url}$`));
  await expect(page.getByText("An alert found this after the daily sync")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Answer" })).toBeVisible();
  const left = list.unread - 1;
  await expect(
    page.getByRole("button", { name: left === 0 ? "Notifications, none unread" : `Notifications, ${left} unread` }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("finding-1440.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("finding-390.png"), fullPage: true });

  // Whatever else the check found, "Mark all read" clears the count.
  const phoneBell = page.getByRole("button", { name: /^Notifications, / });
  await phoneBell.click();
  await expect(panel).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("bell-open-390.png") });
  if (left > 0) await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByRole("button", { name: "Notifications, none unread" })).toBeVisible();
  await expect(panel.getByRole("link").first()).not.toContainText("Unread:");

  // The check's run is no report of the project: its list is empty, and the project page offers the first report.
  const reports = (await (await page.request.get(`/api/properties/${project._id}/reports`)).json()) as {
    total: number;
  };
  expect(reports.total).toBe(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/client-projects/${project._id}`);
  await expect(page.getByRole("button", { name: "Generate report" }).first()).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("Alerts:");

  // The first report, on the period the dialog proposes (the data's last 28 days, to yesterday): it holds the cut,
  // and the report finds it in the campaign it was planted in (the fake's largest, "Campaign 5").
  await page.getByRole("button", { name: "Generate report" }).first().click();
  const generate = page.getByRole("dialog", { name: "Generate a report" });
  await generate.getByLabel("Report name").fill(`First report ${stamp}`);
  await generate.getByRole("button", { name: "Generate report" }).click();
  await expect(page.getByText("Your report is ready").first()).toBeVisible({ timeout: 120_000 });
  // The segment's level shift is one of the insight's findings (its card shows the one of most effect): in full on
  // the insight's page.
  const lasting = page.getByRole("article", { name: "Lasting changes in one segment" });
  await lasting.getByRole("link", { name: "Details of Lasting changes in one segment" }).click();
  await expect(page).toHaveURL(new RegExp(`/client-projects/${project._id}/insights/[0-9a-f-]{36}$`));
  const drop = page.getByRole("table", { name: /Evidence/ }).getByRole("row", {
    name: new RegExp(`^Level shift Revenue Campaign: ${PLANTED}\\b.*\\(−\\d+(\\.\\d)? %\\) , down`),
  });
  await expect(drop.first()).toBeVisible();
  await drop.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("first-report-1440.png") });

  // The agency's connections left as they were (the Dropbox journey starts with none): the Meta login revoked.
  await page.goto("/third-party-service");
  await page.getByRole("button", { name: "Revoke Meta" }).click();
  await page.getByRole("dialog", { name: "Revoke Meta access?" }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("No connected services")).toBeVisible();
});
