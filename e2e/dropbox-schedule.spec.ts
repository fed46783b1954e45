import pg from "pg";
import { dropboxFilesIn } from "./support/dropbox";
import { expect, test, type Page } from "./support/test";

// Schedules a weekly delivery of the demo store's report into a Dropbox folder and lets it run.
// As in delivery.spec.ts, time is advanced honestly for that one schedule: its next run is moved
// one minute into the past in the database (what a week passing would have done); the worker's
// real minute tick creates the run, generates the report for the week that closed and uploads it
// to the Dropbox fake, where the journey then finds the file through Dropbox's own API.

const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
const STORE = "Northwind Outfitters Store";
const FOLDER = "/Reports";

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

async function moveNextRunIntoThePast(scheduleId: string) {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const res = await db.query(`update schedules set next_run_at = now() - interval '1 minute' where id = $1`, [
      scheduleId,
    ]);
    expect(res.rowCount).toBe(1);
  } finally {
    await db.end();
  }
}

const workbooks = async () => (await dropboxFilesIn(FOLDER)).filter((f) => / – Insights.*\.xlsx$/.test(f.name));

test("schedules a weekly Excel delivery into a Dropbox folder that the worker uploads", async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page);
  await page.getByRole("link", { name: STORE }).first().click();
  await expect(page).toHaveURL(/\/client-projects\/[0-9a-f-]{36}$/);
  const projectId = new URL(page.url()).pathname.split("/").pop()!;

  await page.goto(`/dropbox-schedule/${projectId}/insight`);
  await expect(page.getByRole("heading", { name: "Schedule a Dropbox delivery" })).toBeVisible();
  // Not connected yet (or revoked by another journey): connect, and come back to this form.
  const connect = page.getByRole("link", { name: "Connect Dropbox" });
  const connected = page.getByText(/Connected as/);
  await expect(connect.or(connected)).toBeVisible();
  if (await connect.isVisible()) {
    await connect.click();
    await expect(page).toHaveURL(new RegExp(`/dropbox-schedule/${projectId}/insight`));
  }
  await expect(page.getByText("Connected as lena.basic@example.com")).toBeVisible();

  // The timing, then the folder (opened one level at a time) and the format.
  await page.getByLabel("Frequency").selectOption("weekly");
  await page.getByLabel("Weekday").selectOption("2");
  await page.getByLabel("Time of day").fill("06:45");
  await expect(page.getByTestId("next-run")).toContainText(/06:45/);
  await page.getByRole("button", { name: "Open folder Reports" }).click();
  await expect(page.getByText(`Each run saves into: ${FOLDER}`)).toBeVisible();
  await page.getByLabel("Excel (.xlsx)").check();
  await page.getByRole("button", { name: "Create schedule" }).click();
  await expect(page).toHaveURL(/\/schedule$/);

  const row = page.getByRole("listitem").filter({ hasText: `Dropbox folder ${FOLDER}` });
  await expect(row).toContainText("Weekly on Tuesday at 06:45");
  await expect(row).toContainText("Excel (.xlsx)");
  await expect(row).toContainText("Not run yet");
  const editHref = await row.getByRole("link", { name: "Edit" }).getAttribute("href");
  const scheduleId = /\/schedules\/([0-9a-f-]{36})\/dropbox/.exec(editHref ?? "")![1];

  // The edit page is the Dropbox form, showing the chosen folder.
  await row.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Dropbox schedule" })).toBeVisible();
  await expect(page.getByText(`Each run saves into: ${FOLDER}`)).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/schedule$/);

  // A week passes for this schedule; the worker's minute tick does the rest.
  const before = await workbooks();
  await moveNextRunIntoThePast(scheduleId);
  await expect
    .poll(async () => (await workbooks()).length, { timeout: 180_000, intervals: [2_000] })
    .toBe(before.length + 1);
  const added = (await workbooks()).find((f) => !before.some((b) => b.name === f.name))!;
  expect(added.size).toBeGreaterThan(1000);
  await page.reload();
  const updated = page.getByRole("listitem").filter({ hasText: `Dropbox folder ${FOLDER}` });
  await expect(updated.locator("[data-last-run]")).toHaveAttribute("data-last-run", "delivered", { timeout: 30_000 });
  await expect(updated.getByTestId("schedule-next-run")).toContainText("06:45");
  // Delivered once: no second file after the run is recorded.
  expect((await workbooks()).length).toBe(before.length + 1);
});
