import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./support/test";

// A Data Creator drops a GA4 export as GA4 writes it (a # preamble, YYYYMMDD dates, its own column
// names) into a new upload source, checks the proposed mapping in the preview, is stopped by a
// mapping without a metric and by a metric taken twice, sees that an ignored channel would add its rows up,
// keeps it and imports (the remembered mapping of the next file is proved by
// test/csv-exports.test.ts).

const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
// The lead generation site: the store's report is the one the insights journey reads, so its data stays as seeded.
const STORE = "Northwind Corporate Uniforms";
const GA4 = readFileSync(path.join(process.cwd(), "test/fixtures/csv/ga4-traffic-acquisition.csv"));
const CHANNEL = "Session primary channel group (Default Channel Group)";
const stamp = Date.now().toString(36);

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** Drops a file on the wizard's drop zone as a browser drag and drop does. */
async function dropFile(page: Page, name: string, content: Buffer) {
  const transfer = await page.evaluateHandle(
    ({ name, text }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: "text/csv" }));
      return dt;
    },
    { name, text: content.toString("utf8") },
  );
  const zone = page.getByTestId("csv-drop-zone");
  await zone.dispatchEvent("dragenter", { dataTransfer: transfer });
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
}

test("a GA4 export is dropped, its mapping checked and corrected in the preview, and imported", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  await page.getByRole("link", { name: STORE }).first().click();
  await expect(page).toHaveURL(/\/client-projects\/[0-9a-f-]{36}$/);
  await page.goto(`${new URL(page.url()).pathname}/data-sources`);
  await page.getByRole("button", { name: "Add data source" }).click();

  // Step 1: the CSV upload among the sources (Google first); the keyboard moves on.
  const csv = page.getByRole("radio", { name: /File upload \(CSV\)/ });
  await csv.check();
  await expect(csv).toBeChecked();
  await page.getByRole("button", { name: "Next" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Step 2 of 3: Data Details" })).toBeVisible();

  await page.getByLabel("Data source name").fill(`GA4 export ${stamp}`);
  await expect(page.getByRole("link", { name: "Download the template CSV" })).toHaveAttribute(
    "download",
    "funnelwise-upload-template.csv",
  );
  await dropFile(page, "ga4-traffic-acquisition.csv", GA4);

  // The preview: the header found under the # lines, each column's proposal, the first rows.
  await expect(page.getByText("11 of 11 columns recognised (header on line 9)")).toBeVisible();
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue("date");
  await expect(page.getByLabel(CHANNEL)).toHaveValue("dimension:channel");
  await expect(page.getByLabel("Total revenue")).toHaveValue("metric:revenue");
  await expect(page.getByLabel("Engagement rate")).toHaveValue("ignore");
  await expect(
    page.getByText("Engagement rate is computed from Engaged sessions and Sessions, not imported"),
  ).toBeVisible();
  await expect(page.getByRole("cell", { name: "Organic Search" }).first()).toBeVisible();

  // A mapping without any metric is stopped before anything is sent, the problem above the table.
  for (const column of ["Sessions", "Engaged sessions", "Key events", "Total revenue"])
    await page.getByLabel(column, { exact: true }).selectOption("ignore");
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("region", { name: "Columns of the file" }).getByRole("alert")).toContainText(
    "Choose at least one column that holds a metric",
  );

  // Two columns on one metric: the second is flagged under its own choice.
  await page.getByLabel("Sessions", { exact: true }).selectOption("metric:sessions");
  await page.getByLabel("Engaged sessions", { exact: true }).selectOption("metric:sessions");
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("Sessions is already taken by the column Sessions")).toBeVisible();
  await expect(page.getByLabel("Engaged sessions", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Engaged sessions", { exact: true }).selectOption("metric:engagedSessions");
  await page.getByLabel("Total revenue", { exact: true }).selectOption("metric:revenue");

  // Without the channel each date has two rows: the preview says they would be added up over it (what adds up).
  await page.getByLabel(CHANNEL).selectOption("ignore");
  await expect(
    page.getByText(
      `Line 11 has the same date and dimensions as line 10: the rows are split by ${CHANNEL}, which reports do not hold, so rows are added up`,
    ),
  ).toBeVisible();
  await page.getByLabel(CHANNEL).selectOption("dimension:channel");
  await page.getByRole("button", { name: "Import" }).click();
  await expect(
    page.getByText(`Imported 6 rows from ga4-traffic-acquisition.csv into GA4 export ${stamp}`),
  ).toBeVisible();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(`GA4 export ${stamp}`)).toBeVisible();
});
