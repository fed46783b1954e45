import { expect, type Page } from "@playwright/test";

// A store whose data never changes: 120 fixed days (2025-01-01 … 2025-04-30) of four channels and two devices, with
// a planted paid-search drop in April, so a report on April has the same numbers, findings and charts every run.
// The screenshots and the page measurements read it; the demo data moves with today's date and cannot be compared.

// Paid search runs two campaigns and only one of them is cut, so the breakdowns by channel and by campaign differ in
// size (equal ones would tie in the ranking and swap places between runs).
const CHANNELS = [
  { channel: "Organic Search", campaign: "(organic)", share: 0.42, rate: 0.021, drops: false },
  { channel: "Paid Search", campaign: "Generic - Hiking Boots", share: 0.2, rate: 0.026, drops: true },
  { channel: "Paid Search", campaign: "Brand - Alpine", share: 0.08, rate: 0.04, drops: false },
  { channel: "Email", campaign: "Spring newsletter", share: 0.12, rate: 0.034, drops: false },
  { channel: "Direct", campaign: "(direct)", share: 0.18, rate: 0.024, drops: false },
];
const DEVICES = [
  { device: "desktop", share: 0.45, conv: 1.3 },
  { device: "mobile", share: 0.55, conv: 0.75 },
];
export const FIXED_PERIOD = { periodStart: "2025-04-01", periodEnd: "2025-04-28", compareTo: "previous_period" };

/** A deterministic wobble in [-1, 1] from the day and the segment (no randomness: the same file every run). */
const wobble = (day: number, k: number) => Math.sin(day * 1.7 + k * 2.3) * 0.6 + Math.sin(day * 0.45 + k) * 0.4;

/** `without`: days whose rows the export lacks (a tracking gap). */
export function fixedCsv(without: readonly string[] = []): string {
  const lines = ["date,channel,device,campaign,sessions,users,engagedSessions,pageviews,transactions,revenue"];
  const start = Date.UTC(2025, 0, 1);
  for (let day = 0; day < 120; day++) {
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    if (without.includes(date)) continue;
    const weekday = new Date(start + day * 86_400_000).getUTCDay();
    const weekly = weekday === 0 || weekday === 6 ? 0.82 : 1.06;
    CHANNELS.forEach((c, ci) => {
      DEVICES.forEach((d, di) => {
        const k = ci * 2 + di;
        // The paid-search drop: the generic campaign's budget cut from 2025-04-08, 45% fewer sessions.
        const drop = c.drops && date >= "2025-04-08" ? 0.55 : 1;
        const sessions = Math.round(1800 * c.share * d.share * weekly * drop * (1 + 0.06 * wobble(day, k)));
        const users = Math.round(sessions * 0.83);
        const engaged = Math.round(sessions * (0.55 + 0.05 * ci));
        const pageviews = Math.round(sessions * 2.4);
        const transactions = Math.round(sessions * c.rate * d.conv * (1 + 0.1 * wobble(day + 3, k)));
        const revenue = (transactions * (84 + 6 * wobble(day + 7, k))).toFixed(2);
        lines.push(
          `${date},${c.channel},${d.device},${c.campaign},${sessions},${users},${engaged},${pageviews},${transactions},${revenue}`,
        );
      });
    });
  }
  return `${lines.join("\n")}\n`;
}

async function post<T>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { data });
  expect(res.status(), `${url} answered ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Waits until the report is ready (the job worker makes it). */
export async function waitForReport(page: Page, reportId: string): Promise<void> {
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/reports/${reportId}`)).json()) as { status: string }).status,
      {
        timeout: 90_000,
        intervals: [500, 1000],
      },
    )
    .toBe("ready");
}

/**
 * Through the API of the logged-in agency admin: a client, its store project with the fixed CSV uploaded, and one
 * ready report on April 2025. Returns the ids the journeys open.
 */
export async function createFixedStore(
  page: Page,
  name: string,
  csv = fixedCsv(),
): Promise<{ projectId: string; reportId: string }> {
  const client = await post<{ _id: string }>(page, "/api/clients", { name });
  const project = await post<{ _id: string }>(page, `/api/clients/${client._id}/properties/add`, {
    name: `${name} Store`,
    siteType: "ecommerce",
    currency: "USD",
    timeZone: "UTC",
  });
  const source = await post<{ _id: string }>(page, `/api/properties/${project._id}/data-sources`, {
    name: "Fixed shop export",
  });
  const upload = await page.request.post(`/api/data-sources/${source._id}/upload`, {
    multipart: { file: { name: "shop.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const report = await post<{ _id: string }>(page, `/api/properties/${project._id}/reports/add`, {
    ...FIXED_PERIOD,
    name: "April review",
  });
  await waitForReport(page, report._id);
  return { projectId: project._id, reportId: report._id };
}

/** The page's full height in CSS pixels at a viewport width (the layout's length, what a reader scrolls). */
export async function pageHeight(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: width >= 1000 ? 900 : 844 });
  await page.waitForTimeout(300);
  // The legal footer (terms, privacy) is every page's chrome, added after the report's baseline was measured: the
  // report's own height is what the layout limits judge.
  return page.evaluate(() => {
    const footer = document.querySelector("footer nav[aria-label='Legal']")?.closest("footer");
    return document.documentElement.scrollHeight - (footer?.getBoundingClientRect().height ?? 0);
  });
}
