import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./support/test";

// A Data Creator drops each real export of ../shared/real-exports/files (byte for byte as analysts downloaded them
// from GA4, Universal Analytics, Search Console, Google Ads, Meta and Shopify; SOURCES.md) into a new upload source
// and imports it with the wizard's own proposal, changing nothing: the file is imported with its rows, dates and
// grain, or refused with the tool's own way to export it by day, and then no source is created. The same files go
// through the API in test/csv-real-exports.test.ts, which also checks the stored sums.

const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
// The lead generation site (the store's data stays as seeded for the insights journey).
const PROJECT = "Northwind Corporate Uniforms";
const FILES = path.resolve(process.cwd(), "../shared/real-exports/files");
const stamp = Date.now().toString(36);

const IMPORTED = [
  { file: "gsc-dates-daily-365d-page-filter.csv", rows: 365, range: "Jul 12, 2024 – Jul 11, 2025", grain: null },
  { file: "ga4-reports-snapshot-nth-day-544d.csv", rows: 544, range: "Jun 1, 2022 – Nov 26, 2023", grain: null },
  { file: "ua-gmerch-demo-day-index-users-jan2019.csv", rows: 31, range: "Jan 1, 2019 – Jan 31, 2019", grain: null },
  {
    file: "google-ads-overview-time-series-daily-feb2026.csv",
    rows: 6,
    range: "Feb 5, 2026 – Feb 10, 2026",
    grain: null,
  },
  {
    file: "shopify-visitors-sessions-over-time-weekly-2024.csv",
    rows: 53,
    range: "Jan 1, 2024 – Dec 30, 2024",
    grain: "weekly, each row a week from its first day",
  },
];
const ALL_TIME =
  "the report covers All time and has no day column: each row is a total over the whole account history, not a day. In Google Ads, add the Day segment (Segment → Time → Day) and download the report again";
const REFUSED = [
  { file: "google-ads-campaign-report-all-time-1.csv", message: ALL_TIME },
  { file: "google-ads-search-keyword-report-all-time-utf16.csv", message: ALL_TIME },
  {
    file: "meta-ads-campaigns-feb-aug-2025.csv",
    message:
      "each row sums 185 days (2025-02-01 to 2025-08-04), not one day, week or month. In Ads Manager, choose Breakdown → By time → Day and export the report again",
  },
];

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** Opens the wizard on the project's data sources, names the source and chooses the file (its bytes as they are). */
async function chooseFile(page: Page, file: string, name: string): Promise<string> {
  await page.getByRole("link", { name: PROJECT }).first().click();
  await expect(page).toHaveURL(/\/client-projects\/[0-9a-f-]{36}$/);
  const sourcesUrl = `${new URL(page.url()).pathname}/data-sources`;
  await page.goto(sourcesUrl);
  await page.getByRole("button", { name: "Add data source" }).click();
  await page.getByRole("radio", { name: /File upload \(CSV\)/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Step 2 of 3: Data Details" })).toBeVisible();
  await page.getByLabel("Data source name").fill(name);
  await page.getByLabel("Export file").setInputFiles({
    name: file,
    mimeType: "text/csv",
    buffer: readFileSync(path.join(FILES, file)),
  });
  await expect(page.getByText(`Chosen: ${file}`)).toBeVisible();
  return sourcesUrl;
}

test.describe("real exports through the wizard, with its own proposal", () => {
  for (const expected of IMPORTED) {
    test(`${expected.file} is imported with its dates and grain`, async ({ page }) => {
      await logIn(page);
      const name = `${expected.file.split("-")[0]} ${stamp}`;
      await chooseFile(page, expected.file, name);
      // The preview reads the file the way the import will: its columns are recognised without any choice.
      await expect(page.getByText(/\d+ of \d+ columns recognised \(header on line \d+\)/)).toBeVisible();
      await page.getByRole("button", { name: "Import" }).click();
      await expect(
        page.getByText(`Imported ${expected.rows.toLocaleString("en")} rows from ${expected.file} into ${name}`),
      ).toBeVisible();
      const wizard = page.getByRole("region", { name: "Add a data source" });
      const range = wizard.locator("dt", { hasText: "Date range" }).locator("xpath=following-sibling::dd[1]");
      await expect(range).toContainText(expected.range);
      if (expected.grain) await expect(range).toContainText(expected.grain);
      else await expect(range).not.toContainText("weekly");
      await page.getByRole("button", { name: "Done" }).click();
      await expect(page.getByText(name).first()).toBeVisible();
    });
  }

  for (const expected of REFUSED) {
    test(`${expected.file} is refused with the tool's own way to export it by day`, async ({ page }) => {
      await logIn(page);
      const name = `${expected.file.split("-").slice(0, 2).join(" ")} ${stamp}`;
      const sourcesUrl = await chooseFile(page, expected.file, name);
      // The preview reads the file as the import would: the refusal shows under the file, and Import sends nothing.
      await expect(page.getByText(expected.message)).toBeVisible();
      await page.getByRole("button", { name: "Import" }).click();
      await expect(page.getByText(expected.message)).toBeVisible();
      await expect(page.getByText(/^Imported \d/)).toHaveCount(0);
      // Nothing written: no source of that name on the project.
      await page.goto(sourcesUrl);
      await expect(page.getByRole("button", { name: "Add data source" })).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);
    });
  }
});
