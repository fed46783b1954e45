import pg from "pg";
import { waitForMail } from "./support/mail";
import { expect, test, type Page } from "./support/test";

// Downloads both exports of a fresh report, emails it now, then schedules a weekly email and lets
// it run. Time is advanced honestly for that one schedule: its next run is moved one minute into
// the past in the database (what the passing of a week would have done), and nothing else is
// faked — the worker's real minute tick finds it due, creates the run, generates the report for
// the week that closed and sends it to the harness's real SMTP server.

const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
const STORE = "Northwind Outfitters Store";
const stamp = Date.now().toString(36);
const nowRecipient = `now-${stamp}@client.example`;
const scheduledRecipient = `weekly-${stamp}@client.example`;

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

test("exports a report both ways, emails it now, then schedules a weekly email that the worker sends", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await logIn(page);
  await page.getByRole("link", { name: STORE }).first().click();
  await expect(page).toHaveURL(/\/client-projects\/[0-9a-f-]{36}$/);
  const projectId = new URL(page.url()).pathname.split("/").pop()!;

  // The generate form is a dialog opened from the report's header.
  await page.getByRole("button", { name: "Generate report" }).click();
  const generate = page.getByRole("dialog", { name: "Generate a report" });
  await generate.getByLabel("Report name").fill(`Delivery ${stamp}`);
  await generate.getByRole("button", { name: "Generate report" }).click();
  await expect(page.getByText("Your report is ready").first()).toBeVisible({ timeout: 90_000 });

  // Both exports download named after the report.
  for (const [button, name] of [
    ["Report as PowerPoint", `Delivery ${stamp} – Insights.pptx`],
    ["Report as Excel", `Delivery ${stamp} – Insights.xlsx`],
  ] as const) {
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: button }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(name);
    expect(await file.failure()).toBeNull();
  }

  // Email now: a bad list is refused under the field, a good one is sent and followed to "Delivered".
  await page.getByRole("button", { name: "Email", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Email this report" });
  await dialog.getByLabel("Recipients").fill("boss@client.example, not-an-email");
  await dialog.getByRole("button", { name: "Send email" }).click();
  await expect(dialog.getByText("Please enter valid emails")).toBeVisible();
  await dialog.getByLabel("Recipients").fill(nowRecipient);
  await dialog.getByLabel("Subject").fill(`Results now ${stamp}`);
  await dialog.getByLabel("Attachment").selectOption("xlsx");
  await dialog.getByRole("button", { name: "Send email" }).click();
  await expect(dialog.getByText(`Delivered to ${nowRecipient}.`)).toBeVisible({ timeout: 60_000 });
  const sent = await waitForMail(nowRecipient, new RegExp(`Results now ${stamp}`));
  expect(attachmentNames(sent.body)).toContain(`Delivery ${stamp} – Insights.xlsx`);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();

  // Schedule a weekly email of the whole report.
  await page.getByRole("link", { name: "Schedule email" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/email-schedule/${projectId}/insight$`));
  await expect(page.getByRole("heading", { name: "Schedule an email" })).toBeVisible();
  await page.getByLabel("Frequency").selectOption("weekly");
  await page.getByLabel("Weekday").selectOption("3");
  await page.getByLabel("Time of day").fill("07:30");
  await expect(page.getByTestId("next-run")).toContainText(/07:30/);
  await page.getByLabel("Recipients").fill(scheduledRecipient);
  await page.getByLabel("Subject").fill(`Weekly results ${stamp}`);
  await page.getByLabel("Attachment").selectOption("pptx");
  await page.getByRole("button", { name: "Create schedule" }).click();
  await expect(page).toHaveURL(/\/schedule$/);

  const row = page.getByRole("listitem").filter({ hasText: scheduledRecipient });
  await expect(row).toContainText("Weekly on Wednesday at 07:30");
  await expect(row.getByTestId("schedule-next-run")).toContainText("07:30");
  await expect(row).toContainText("Not run yet");
  const editHref = await row.getByRole("link", { name: "Edit" }).getAttribute("href");
  const scheduleId = /\/schedules\/([0-9a-f-]{36})\/email/.exec(editHref ?? "")![1];

  // A week passes for this schedule; the worker's minute tick does the rest.
  await moveNextRunIntoThePast(scheduleId);
  const mail = await waitForMail(scheduledRecipient, new RegExp(`Weekly results ${stamp}`), 180_000);
  // A scheduled run's report is named after its project and period.
  expect(attachmentNames(mail.body).some((name) => / – Insights\.pptx$/.test(name))).toBe(true);
  await page.reload();
  await expect(row.locator("[data-last-run]")).toHaveAttribute("data-last-run", "delivered", { timeout: 30_000 });
  await expect(row.getByTestId("schedule-next-run")).toContainText("07:30");
});

/** The attachments' file names of a raw message: plain `filename="…"`, or RFC 2231's `filename*0*=utf-8''…` parts. */
function attachmentNames(raw: string): string[] {
  const names: string[] = [];
  for (const m of raw.matchAll(/filename="([^"]+)"/g)) names.push(m[1]);
  for (const header of raw.split(/Content-Disposition:/i).slice(1)) {
    const parts = [...header.split(/\r?\n\r?\n/)[0].matchAll(/filename\*(\d+)(\*?)=([^;\r\n]+)/g)];
    if (parts.length === 0) continue;
    const joined = parts
      .sort((a, b) => Number(a[1]) - Number(b[1]))
      .map((p) => (p[2] ? decodeURIComponent(p[3].replace(/^utf-8''/i, "")) : p[3]))
      .join("");
    names.push(joined);
  }
  return names;
}
