import { expectAccessible } from "./support/axe";
import { expect, test, type Page } from "./support/test";

// The demo admin's demo client, seeded with ~15 months of daily data (server/db/seed-demo.ts).
const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
const CLIENT = "Northwind Outfitters";
const STORE = "Northwind Outfitters Store";
const stamp = Date.now().toString(36);
const tagName = `Weekly review ${stamp}`;

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test("the demo admin generates a report, reads the top insight, tags two insights, finds them under the tag and saves one", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await logIn(page);

  // Open the demo ecommerce project from the dashboard.
  await page.getByRole("link", { name: STORE }).first().click();
  await expect(page).toHaveURL(/\/client-projects\/[0-9a-f-]{36}$/);
  const projectUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: STORE })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: CLIENT })).toBeVisible();

  // Generate a report for the default period (the last 28 days ending yesterday) and watch it complete: the form
  // is a dialog opened from the report's header.
  await expectAccessible(page, "the project before its report");
  await page.getByRole("button", { name: "Generate report" }).click();
  const generate = page.getByRole("dialog", { name: "Generate a report" });
  await expect(generate.getByLabel("Period start")).not.toHaveValue("");
  await expect(generate.getByLabel("Period end")).not.toHaveValue("");
  await expect(generate.getByLabel("Compare to")).toHaveValue("previous_period");
  await generate.getByLabel("Report name").fill("Bad/name");
  await generate.getByRole("button", { name: "Generate report" }).click();
  await expect(generate.getByText('Report name must not contain any of . < > : " | ? * / \\')).toBeVisible();
  await generate.getByLabel("Report name").fill(`E2E ${stamp}`);
  await generate.getByRole("button", { name: "Generate report" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const progress = page.getByRole("progressbar", { name: `Progress of report E2E ${stamp}` });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", /^\d+$/);
  await expect(page.getByText("Your report is ready").first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(`E2E ${stamp}`).first()).toBeVisible();
  // The "Last report" line is right as soon as the report is ready, without a reload.
  await expect(page.getByTestId("last-report")).toHaveText(/^Last report /);
  await expectAccessible(page, "the master report");

  // The master report in its three groups, in order.
  const groups = page.getByRole("heading", {
    level: 3,
    name: /^(Most Impactful Insights|Data Quality Audit|Other Insights)/,
  });
  await expect(groups).toHaveCount(3);
  await expect(groups.nth(0)).toContainText("Most Impactful Insights");
  await expect(groups.nth(1)).toContainText("Data Quality Audit");
  await expect(groups.nth(2)).toContainText("Other Insights");
  const topList = page.getByRole("list", { name: "Most Impactful Insights" });
  const cards = topList.getByRole("article");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  const firstTitle = (await cards.nth(0).getByRole("heading", { level: 3 }).innerText()).trim();
  const secondTitle = (await cards.nth(1).getByRole("heading", { level: 3 }).innerText()).trim();

  // The funnel-stage filter and search narrow the list; clearing them brings everything back.
  const counter = page.getByText(/^\d+ insights$/);
  const all = Number((await counter.innerText()).split(" ")[0]);
  await page.getByLabel("Funnel stage").selectOption({ label: "Exposure" });
  await expect(page.getByText(new RegExp(`^\\d+ of ${all} insights$`))).toBeVisible();
  await page.getByLabel("Funnel stage").selectOption({ label: "All stages" });
  await page.getByLabel("Search insights").fill("zzz-nothing-matches");
  await expect(page.getByText(`0 of ${all} insights`)).toBeVisible();
  await page.getByLabel("Search insights").fill("");
  await expect(page.getByText(`${all} insights`, { exact: true })).toBeVisible();

  // Open the top insight: its question, charts, evidence; breadcrumbs Dashboard › client › project › Intention.
  await cards.nth(0).getByRole("link", { name: firstTitle, exact: true }).click();
  await expect(page).toHaveURL(/\/insights\/[0-9a-f-]{36}$/);
  const insightUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: firstTitle })).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: STORE })).toBeVisible();
  // The spec's breadcrumb titles: Dashboard first, the insight's step its Intention (the question it answers).
  await expect(crumbs.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
  await expect(crumbs.getByText(/^Intention: /)).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Evidence" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Evidence: every finding of this insight" })).toBeVisible();
  // Every insight on a metric that moves over time carries a labelled chart, segment-watch insights (one
  // segment's unusual days) included: that segment's series with its expected range.
  await expect(page.locator("[role=img]").first()).toHaveAttribute("aria-label", /.+/);
  await expectAccessible(page, "the insight page");

  // Its download link, opened logged out, goes through login and comes back with the CSV offered.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(`${insightUrl}?download`);
  await expect(other).toHaveURL(/\/login\?next=/);
  await other.getByLabel("Email").fill(admin.email);
  await other.getByLabel("Password", { exact: true }).fill(admin.password);
  await other.getByRole("button", { name: "Log in" }).click();
  await expect(other).toHaveURL(new RegExp(`${insightUrl}\\?download`));
  const downloading = other.waitForEvent("download");
  await other.getByRole("button", { name: "Download CSV" }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^Funnelwise-Insight-.+\.csv$/);
  await stranger.close();

  // Back on the report: select two insights and tag them.
  await page.goto(projectUrl);
  await page.getByRole("checkbox", { name: `Select insight ${firstTitle}`, exact: true }).click();
  await page.getByRole("checkbox", { name: `Select insight ${secondTitle}`, exact: true }).click();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("button", { name: "Tag", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add to tag" });
  await dialog.getByLabel("Tag name").fill("bad:name");
  await dialog.getByRole("button", { name: "Add to tag" }).click();
  await expect(dialog.getByText('Tag name must not contain any of . < > : " | ? * / \\')).toBeVisible();
  await dialog.getByLabel("Tag name").fill(tagName);
  await dialog.getByRole("button", { name: "Add to tag" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Select all shown" })).toBeVisible();

  // Find them under the tag.
  await page
    .getByRole("navigation", { name: "Tags and saved insights" })
    .getByRole("link", { name: new RegExp(tagName) })
    .click();
  await expect(page).toHaveURL(/\/insight-tags\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: tagName })).toBeVisible();
  const tagged = page.getByRole("list", { name: `Insights tagged ${tagName}` });
  await expect(tagged.getByRole("article")).toHaveCount(2);
  await expect(tagged.getByRole("heading", { name: firstTitle, exact: true })).toBeVisible();
  await expect(tagged.getByRole("heading", { name: secondTitle, exact: true })).toBeVisible();
  await expectAccessible(page, "the tag page");

  // Save one: select it on the report, Save, and it is on the saved page.
  await page.goto(projectUrl);
  await page.getByRole("checkbox", { name: `Select insight ${firstTitle}`, exact: true }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/1 insight saved|These insights were already saved/)).toBeVisible();
  await page.goto(`${projectUrl}/saved`);
  const saved = page.getByRole("list", { name: "Saved insights" });
  await expect(saved.getByRole("heading", { name: firstTitle, exact: true })).toBeVisible();
  await expectAccessible(page, "the saved insights page");
});
