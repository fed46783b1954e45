import pg from "pg";
import { expectAccessible, expectNoHorizontalOverflow } from "./support/axe";
import { FIXED_PERIOD, createFixedStore, fixedCsv, pageHeight, waitForReport } from "./support/fixed-report";
import { expect, test, type Page } from "./support/test";

// The report screens on a store with fixed data (e2e/support/fixed-report.ts): the layout's height, the
// accessibility of every report page visited, screenshots against committed baselines, and deleting on screen.

const admin = { email: "demo@funnelwise.local", password: "Demo123!" };

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** Waits for the report's figures and cards, then for the charts to be drawn (they measure their width first). */
async function reportShown(page: Page) {
  await expect(page.getByTestId("kpi-strip")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("insight-card").first()).toBeVisible();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
}

/** A ready report on January 2024 with no insights, as one made before its data was removed would be. */
async function insertReportWithoutData(project: string) {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const res = await db.query(
      `insert into reports (agency_id, project_id, name, status, progress, period_start, period_end, finished_at)
       select agency_id, id, 'Before data', 'ready', 100, '2024-01-01', '2024-01-28', now()
       from client_projects where id = $1`,
      [project],
    );
    expect(res.rowCount).toBe(1);
  } finally {
    await db.end();
  }
}

/** Dates that move with today (the "Last report" line, toasts) are masked; the report's own dates are fixed. */
const moving = (page: Page) => [page.getByTestId("last-report"), page.getByRole("status")];

let projectId = "";
let reportId = "";

test.describe.serial("the report screens", () => {
  test("the master report comes first: period once, KPIs, top findings above the fold, a fraction of the old height", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await logIn(page);
    ({ projectId, reportId } = await createFixedStore(page, "Alpine Supply"));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/client-projects/${projectId}`);
    await reportShown(page);

    // The period is said once, in the report's header; the cards do not repeat it.
    await expect(page.getByTestId("report-period")).toContainText("Apr 1, 2025 – Apr 28, 2025");
    await expect(page.getByText("Apr 1, 2025 – Apr 28, 2025")).toHaveCount(1);
    await expect(page.getByTestId("last-report")).toHaveText(/^Last report /);
    // Three to five headline figures of an ecommerce site, in full (no "$18,50…").
    const kpis = page.getByRole("list", { name: "Key figures" }).getByRole("listitem");
    expect(await kpis.count()).toBeGreaterThanOrEqual(3);
    expect(await kpis.count()).toBeLessThanOrEqual(5);
    await expect(kpis.first()).toContainText("Revenue");
    await expect(kpis.first().getByTestId("kpi-value")).toHaveText(/^\$[\d,]+\.\d{2}$/);
    // The top findings are on the first screen at 1440 px, with an analyst's headline.
    const firstCard = page.getByRole("list", { name: "Most Impactful Insights" }).getByRole("article").first();
    await expect(firstCard).toBeInViewport();
    await expect(firstCard.getByTestId("insight-headline")).toHaveText(/\d/);
    await expect(firstCard).toContainText("Next step:");
    // Each card says its effect on the KPI (revenue here) in the KPI's unit, except where its headline is the KPI's
    // own change.
    const cards = page.getByRole("list", { name: "Most Impactful Insights" }).getByRole("article");
    await expect(
      cards.filter({ hasText: "Lasting changes in one segment" }).getByTestId("insight-kpi-effect"),
    ).toHaveText(/^Estimated effect over the period: −\$[\d,]+\.\d{2} revenue\.?$/);
    await expect(cards.filter({ hasText: "Revenue by campaign" }).getByTestId("insight-kpi-effect")).toHaveCount(0);
    // Display names only.
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/landingPage|intention|engagedSessions|campaign "/);
    // Questions without a significant answer share one line.
    await expect(page.getByTestId("nothing-notable")).toContainText("Also checked, nothing notable:");
    await expectAccessible(page, "the report at 1440 px");

    const desktop = await pageHeight(page, 1440);
    const phone = await pageHeight(page, 390);
    console.log(`REPORT-HEIGHT desktop=${desktop} phone=${phone}`);
    // Before this layout the same report measured 4,129 px at 1440 and 9,259 px at 390.
    expect(desktop).toBeLessThan(4129 * 0.6);
    expect(phone).toBeLessThan(9259 * 0.6);
    await expectAccessible(page, "the report at 390 px");
  });

  test("screenshots of the report and an insight at 1440 and 390 px match the baselines", async ({ page }) => {
    test.setTimeout(300_000);
    await logIn(page);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
      await page.goto(`/client-projects/${projectId}`);
      await reportShown(page);
      await page.mouse.move(0, 0); // no chart tooltip in the picture
      await expect(page.locator("main")).toHaveScreenshot(`report-${width}.png`, {
        mask: moving(page),
        maxDiffPixelRatio: 0.02,
        animations: "disabled",
      });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/client-projects/${projectId}`);
    await reportShown(page);
    await page
      .getByRole("list", { name: "Most Impactful Insights" })
      .getByRole("article")
      .first()
      .getByRole("link")
      .first()
      .click();
    await expect(page).toHaveURL(/\/insights\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Evidence" })).toBeVisible();
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
    await expectAccessible(page, "an insight at 1440 px");
    await page.mouse.move(0, 0); // no chart tooltip in the picture
    await expect(page.locator("main")).toHaveScreenshot("insight-1440.png", {
      maxDiffPixelRatio: 0.02,
      animations: "disabled",
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
    await expectAccessible(page, "an insight at 390 px");
    // The evidence table scrolls inside its frame; its screen-reader words must not widen the page.
    await expectNoHorizontalOverflow(page);
    await page.mouse.move(0, 0); // no chart tooltip in the picture
    await expect(page.locator("main")).toHaveScreenshot("insight-390.png", {
      maxDiffPixelRatio: 0.02,
      animations: "disabled",
    });
  });

  test("a reader dismisses Other Insights from the report by keyboard, it stays dismissed on reload, and comes back", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logIn(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/client-projects/${projectId}`);
    await reportShown(page);
    const other = page.getByRole("region", { name: /^Other Insights/ });
    const rows = other.getByRole("list", { name: "Other Insights" });
    await expect(rows.getByRole("listitem").first()).toBeVisible();
    const count = await rows.getByRole("listitem").count();

    // By keyboard: the control is a named button; once pressed, focus is on the one that undoes it.
    const dismiss = other.getByRole("button", { name: "Dismiss Other Insights from your view of this report" });
    await dismiss.focus();
    await page.keyboard.press("Enter");
    const restore = other.getByRole("button", { name: "Show Other Insights again" });
    await expect(restore).toBeFocused();
    await expect(rows).toHaveCount(0);
    await expect(other.getByText(`You dismissed these ${count} insights from your view of this report`)).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Most Impactful Insights/ })).toBeVisible();
    await expectAccessible(page, "the report with Other Insights dismissed");

    // The reader's choice is kept on the server: a reload shows it dismissed.
    await page.reload();
    await reportShown(page);
    await expect(other.getByRole("button", { name: "Show Other Insights again" })).toBeVisible();
    await expect(rows).toHaveCount(0);

    await other.getByRole("button", { name: "Show Other Insights again" }).focus();
    await page.keyboard.press("Space");
    await expect(rows.getByRole("listitem")).toHaveCount(count);
    await expect(dismiss).toBeFocused();
    await page.reload();
    await reportShown(page);
    await expect(rows.getByRole("listitem")).toHaveCount(count);
  });

  test("deleting the report on screen moves to the next report, then to the empty state; a period without data never becomes the master", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await logIn(page);
    // A period the data does not cover is refused before it is queued...
    const refused = await page.request.post(`/api/properties/${projectId}/reports/add`, {
      data: { periodStart: "2024-01-01", periodEnd: "2024-01-28", compareTo: "previous_period", name: "Before data" },
    });
    expect(refused.status()).toBe(400);
    // ...but a report that read no data can still exist (made before its source was removed, or before that rule):
    // kept in the history, never the master.
    await insertReportWithoutData(projectId);
    // A second report with data (March), made after April: it becomes the master.
    const march = await page.request.post(`/api/properties/${projectId}/reports/add`, {
      data: { ...FIXED_PERIOD, periodStart: "2025-03-01", periodEnd: "2025-03-28", name: "March review" },
    });
    const marchId = ((await march.json()) as { _id: string })._id;
    await waitForReport(page, marchId);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/client-projects/${projectId}`);
    // March is quiet: its figures, and every question in the one "nothing notable" line.
    await expect(page.getByTestId("kpi-strip")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("report-period")).toContainText("Mar 1, 2025 – Mar 28, 2025");
    await expect(page.getByTestId("nothing-notable")).toBeVisible();
    await expect(page.getByText("found no data for")).toHaveCount(0); // the empty one is older than the master
    await page.getByRole("button", { name: /^Reports \(3\)$/ }).click();
    const history = page.getByRole("dialog", { name: "Reports" });
    await expect(history.getByText("(no data for its period)")).toBeVisible();
    await expectAccessible(page, "the reports dialog");
    await history.getByRole("button", { name: "Close dialog" }).click();

    // Delete the master on screen: April, the next report with data, is shown (not the empty one, not a 404).
    await page.getByRole("button", { name: "Delete this report" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete report" }).click();
    await expect(page.getByText("March review deleted")).toBeVisible();
    await expect(page.getByTestId("report-period")).toContainText("Apr 1, 2025 – Apr 28, 2025");
    await expect(page).toHaveURL(new RegExp(`/client-projects/${projectId}$`));
    await reportShown(page);
    await expectAccessible(page, "the next report after deleting");

    // Open the April report from the history by its id and delete it there too: no report with data is left.
    await page.goto(`/client-projects/${projectId}?report=${reportId}`);
    await reportShown(page);
    await page.getByRole("button", { name: "Delete this report" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete report" }).click();
    await expect(page).toHaveURL(new RegExp(`/client-projects/${projectId}$`));
    await expect(page.getByText("No report yet", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Generate the first report" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
    await expectAccessible(page, "the empty state");
  });
});

test("a tracking gap in the period: the key figures estimate its days and say so", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page);
  const gap = ["2025-04-15", "2025-04-16"];
  const store = await createFixedStore(page, "Alpine Outage", fixedCsv(gap));
  await page.goto(`/client-projects/${store.projectId}`);
  await expect(page.getByTestId("kpi-strip")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("kpi-estimated")).toHaveText(
    "Apr 15, 2025 and Apr 16, 2025 have missing or partial data (a tracking gap, a day cut short, or not imported yet): these figures count each at the average of the same weekday in its period.",
  );
  // The period's fall of sessions is the planted paid-search cut, not the outage: summed as recorded, the two lost
  // days would have doubled the fall and spread it over every channel (Paid Search about half of it).
  await expect(page.getByTestId("insight-card").first()).toBeVisible();
  await expect(page.getByText(/^Paid Search accounts for (9\d|1\d\d)(\.\d)? % of the fall/).first()).toBeVisible();
  await expectAccessible(page, "the report with estimated days");
});
