import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, comparisonRange, dayOfWeek } from "@/lib/dates";
import type { FactorSplit, Finding } from "@/lib/insights/finding";
import { formatChange, formatDay, formatMetric, formatPct } from "@/lib/insights/format-values";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { clientProjects, insights, reports } from "@/server/db/schema";
import { headlineFigures } from "@/server/services/reports/report-kpis";
import { generateReport } from "@/server/services/reports/generate-report";
import * as settingsRoute from "@/app/api/properties/[id]/settings/route";
import { call } from "@/test/api";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { insertReport } from "@/test/report-fixtures";
import { SHOP_END, SHOP_START } from "@/test/generated-shop";

// Search Console and ad data are not a shop (issue 56): a project of Search Console alone, or of an ad account's daily
// export alone, uploaded through the app and reported on by the report job, is told why its clicks (cost, conversions)
// moved, from the identity that makes them (clicks = impressions × click-through rate, cost = clicks × cost per click,
// conversions = clicks × conversions per click), with the next step of its own data.

const GSC = path.resolve(import.meta.dirname, "../../shared/real-exports/files/gsc-dates-daily-365d-page-filter.csv");

/**
 * Uploads `csv` into a new project of `siteType` (its primary KPI set through the settings API, when given) and
 * reports on [start, end] against the previous period.
 */
async function report(
  csv: string | Buffer,
  period: { periodStart: string; periodEnd: string },
  siteType?: string,
  primaryKpi?: string,
) {
  const { main, project, sourceId } = await uploadWorld();
  if (primaryKpi) {
    const path = `/api/properties/${project.id}/settings`;
    const body = { primaryKpi };
    const res = await call(settingsRoute.PUT, {
      method: "PUT",
      path,
      params: { id: project.id },
      token: main.token,
      body,
    });
    expect(res.status).toBe(200);
  }
  if (siteType)
    await db()
      .update(clientProjects)
      .set({ siteType: siteType as "brand" })
      .where(eq(clientProjects.id, project.id));
  expect((await uploadCsv(sourceId, main.token, csv, "export.csv")).status).toBe(200);
  const queued = await insertReport(project, period);
  await generateReport(queued.id);
  const rows = await db().select().from(insights).where(eq(insights.reportId, queued.id)).orderBy(insights.rank);
  const [p] = await db().select().from(clientProjects).where(eq(clientProjects.id, project.id));
  const [r] = await db().select().from(reports).where(eq(reports.id, queued.id));
  return { rows, report: r, project: p };
}

type Rows = Awaited<ReturnType<typeof report>>["rows"];
const insight = (rows: Rows, key: string) => {
  const row = rows.find((r) => r.intentionKey === key);
  expect(row, `${key} in ${rows.map((r) => r.intentionKey).join(", ")}`).toBeDefined();
  return row!;
};
const totalChange = (row: Rows[number]) =>
  (row.findings as Finding[]).find((f) => f.kind === "change" && !f.dimension) as Finding & {
    factors?: FactorSplit;
    dataKind?: string;
  };

describe("the real Search Console export's last 30 days", () => {
  const PERIOD = { periodStart: "2025-06-12", periodEnd: "2025-07-11" };
  let rows: Rows;
  let figures: Awaited<ReturnType<typeof headlineFigures>>["kpis"];
  /** The file's own sums over the period and the comparison period, read here apart from the importer. */
  const sums = (() => {
    const lines = fs.readFileSync(GSC, "utf8").trim().split("\n").slice(1);
    const days = lines.map((l) => {
      const [date, clicks, impressions, , position] = l.split(",");
      return { date, clicks: Number(clicks), impressions: Number(impressions), position: Number(position) };
    });
    const comparison = comparisonRange(PERIOD.periodStart, PERIOD.periodEnd, "previous_period");
    const over = (from: string, to: string) => {
      const inside = days.filter((d) => d.date >= from && d.date <= to);
      const clicks = inside.reduce((s, d) => s + d.clicks, 0);
      const impressions = inside.reduce((s, d) => s + d.impressions, 0);
      const position = inside.reduce((s, d) => s + d.position * d.impressions, 0) / impressions;
      return { clicks, impressions, ctr: clicks / impressions, position };
    };
    return { current: over(PERIOD.periodStart, PERIOD.periodEnd), baseline: over(comparison.start, comparison.end) };
  })();

  beforeAll(async () => {
    await resetDatabase();
    const done = await report(fs.readFileSync(GSC), PERIOD);
    rows = done.rows;
    figures = (await headlineFigures(done.report, done.project)).kpis;
  });

  it("says clicks fell because the click-through rate fell while impressions rose, with the file's own numbers", () => {
    const { current, baseline } = sums;
    // What the file says: fewer clicks on more impressions.
    expect(current.clicks).toBeLessThan(baseline.clicks);
    expect(current.impressions).toBeGreaterThan(baseline.impressions);
    const row = insight(rows, "clicks_change");
    const f = totalChange(row);
    expect(f).toMatchObject({ current: current.clicks, baseline: baseline.clicks, dataKind: "organic_search" });
    const [impressions, ctr] = f.factors!.factors;
    expect(f.factors!.identity).toBe("impressions_ctr");
    expect(impressions).toMatchObject({
      metric: "impressions",
      before: baseline.impressions,
      after: current.impressions,
    });
    expect(ctr.metric).toBe("ctr");
    expect(ctr.before).toBeCloseTo(baseline.ctr, 12);
    expect(ctr.after).toBeCloseTo(current.ctr, 12);
    expect(impressions.effect + ctr.effect).toBeCloseTo(current.clicks - baseline.clicks, 8);
    expect(impressions.effect).toBeGreaterThan(0);
    expect(f.factors!.position!.before).toBeCloseTo(baseline.position, 8);
    expect(f.factors!.position!.after).toBeCloseTo(current.position, 8);

    const n = row.narration!;
    const impressionsPct = formatPct((current.impressions - baseline.impressions) / baseline.impressions);
    // Impressions "held" when their part is a quarter of the change or less (factors.ts HELD_SHARE), else "rose".
    const held = Math.abs(impressions.effect) <= 0.25 * Math.abs(current.clicks - baseline.clicks);
    const whileImpressions = held ? `held (${impressionsPct})` : `rose ${impressionsPct.slice(1)}`;
    expect(n.headline).toBe(
      `Clicks fell ${formatPct((current.clicks - baseline.clicks) / baseline.clicks).slice(1)} to ${formatMetric("clicks", current.clicks)} (${formatChange("clicks", current.clicks - baseline.clicks)} against ${formatMetric("clicks", baseline.clicks)}).`,
    );
    expect(n.why).toBe(
      `Clicks fell because the click-through rate fell from ${formatMetric("ctr", baseline.ctr)} to ${formatMetric("ctr", current.ctr)} while impressions ${whileImpressions}: ${formatChange("clicks", ctr.effect)} clicks came from the click-through rate and ${formatChange("clicks", impressions.effect)} from impressions. The average position went from ${formatMetric("position", baseline.position)} to ${formatMetric("position", current.position)} (${current.position > baseline.position ? "lower" : "higher"} in the results).`,
    );
    expect(n.next).toMatch(/^In Search Console's Performance report/);
    expect(row.summary).toContain("Clicks fell because the click-through rate fell from");
    // No shop wording anywhere in the report.
    for (const r of rows) expect(`${r.summary} ${r.narration?.next ?? ""}`).not.toMatch(/price or an offer/);
  });

  it("shows the average position among its headline figures, and tells its change the right way round", () => {
    const position = figures.find((k) => k.metric === "position");
    expect(position).toBeDefined();
    expect(position!.current).toBeCloseTo(sums.current.position, 8);
    expect(position!.baseline).toBeCloseTo(sums.baseline.position, 8);
    const row = rows.find((r) => r.intentionKey === "position_change")!;
    expect(row).toBeDefined();
    if (row.outcome.status === "findings") {
      const worse = sums.current.position > sums.baseline.position;
      expect(row.narration!.headline).toMatch(
        worse ? /^Average position worsened from/ : /^Average position improved from/,
      );
    }
  });
});

describe("the real Google Ads overview export (six days)", () => {
  const ADS = path.resolve(GSC, "../google-ads-overview-time-series-daily-feb2026.csv");
  beforeAll(resetDatabase);

  it("shows its spend, clicks, impressions, click-through rate and cost per click as its headline figures", async () => {
    const rows = fs
      .readFileSync(ADS, "utf8")
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => l.match(/"[^"]*"|[^,]+/g)!.map((c) => Number(c.replace(/[^0-9.]/g, ""))));
    const clicks = rows.reduce((s, r) => s + r[1], 0);
    const cost = rows.reduce((s, r) => s + r[4], 0);
    const done = await report(fs.readFileSync(ADS), { periodStart: "2026-02-05", periodEnd: "2026-02-10" });
    const { kpis } = await headlineFigures(done.report, done.project);
    expect(kpis.map((k) => k.metric)).toEqual(["cost", "clicks", "impressions", "ctr", "cpc"]);
    expect(kpis.find((k) => k.metric === "cpc")!.current).toBeCloseTo(cost / clicks, 8);
  });
});

/** 120 days to SHOP_END of a Search Console export by day, its impressions and click-through rate given per day. */
function searchCsv(seed: number, impressions: (date: string) => number, ctr: (date: string) => number): string {
  const z = gaussian(mulberry32(seed));
  const weekly = [0.8, 1.05, 1.06, 1.05, 1.04, 1.0, 0.8];
  const lines = ["date,clicks,impressions,position"];
  for (let i = 0; i < 120; i++) {
    const date = addDays(SHOP_END, -119 + i);
    const shown = Math.round(impressions(date) * weekly[dayOfWeek(date)] * (1 + 0.03 * z()));
    const clicks = Math.max(0, Math.round(shown * ctr(date) + Math.sqrt(shown * ctr(date)) * z()));
    lines.push(`${date},${clicks},${shown},${(8 + 0.3 * z()).toFixed(2)}`);
  }
  return lines.join("\n");
}

/** 120 days of an ad account's daily export: clicks, impressions, cost and conversions, no sessions. */
function adsCsv(seed: number, cpc: (date: string) => number, conversionRate: (date: string) => number): string {
  const z = gaussian(mulberry32(seed));
  const lines = ["date,clicks,impressions,cost,conversions"];
  for (let i = 0; i < 120; i++) {
    const date = addDays(SHOP_END, -119 + i);
    const clicks = Math.round(1_500 * (1 + 0.03 * z()));
    const impressions = Math.round(clicks / 0.04);
    const cost = clicks * cpc(date) * (1 + 0.02 * z());
    const conversions = Math.max(
      0,
      Math.round(clicks * conversionRate(date) + Math.sqrt(clicks * conversionRate(date)) * z()),
    );
    lines.push(`${date},${clicks},${impressions},${cost.toFixed(2)},${conversions}`);
  }
  return lines.join("\n");
}

const SHOP = { periodStart: SHOP_START, periodEnd: SHOP_END };
const fromPeriod = (before: number, after: number) => (date: string) => (date >= SHOP_START ? after : before);

describe("generated Search Console and ad data: the factor that moved is the one named", () => {
  beforeAll(resetDatabase);

  it("clicks that fell with the click-through rate while impressions held name the click-through rate", async () => {
    const { rows } = await report(
      searchCsv(11, () => 40_000, fromPeriod(0.03, 0.022)),
      SHOP,
      "content",
    );
    const row = insight(rows, "clicks_change");
    const [impressions, ctr] = totalChange(row).factors!.factors;
    expect(Math.abs(ctr.effect)).toBeGreaterThan(4 * Math.abs(impressions.effect));
    expect(row.narration!.why).toMatch(
      /^Clicks fell because the click-through rate fell from (3|2\.9\d) % to 2\.2\d? % /,
    );
    expect(row.narration!.why).toMatch(
      / while impressions held \([+−]?\d+(\.\d)? %\): −[\d,]+ clicks came from the click-/,
    );
    expect(row.narration!.next).toMatch(/titles and descriptions/);
  });

  it("a content site's Search Console alone ranks by clicks when its primary KPI is set to them, shown first", async () => {
    const csv = searchCsv(14, fromPeriod(40_000, 30_000), () => 0.03);
    const { rows, report: r, project } = await report(csv, SHOP, "content", "clicks");
    const impressions = insight(rows, "impressions_change");
    expect(impressions.kpiMetric).toBe("clicks");
    // The impressions lost cost clicks at the click-through rate: an effect in the KPI's unit.
    expect(impressions.kpiEffect).toBeLessThan(0);
    expect(impressions.narration!.effect).toMatch(/^Estimated effect over the period: −[\d,]+ clicks\.$/);
    const { kpis } = await headlineFigures(r, project);
    expect(kpis.map((k) => k.metric)).toEqual(["clicks", "impressions", "ctr", "position"]);
  });

  it("clicks that fell with impressions while the click-through rate held name impressions", async () => {
    const { rows } = await report(
      searchCsv(12, fromPeriod(40_000, 30_000), () => 0.03),
      SHOP,
      "content",
    );
    const row = insight(rows, "clicks_change");
    const [impressions, ctr] = totalChange(row).factors!.factors;
    expect(Math.abs(impressions.effect)).toBeGreaterThan(4 * Math.abs(ctr.effect));
    expect(row.narration!.why).toMatch(
      /^Clicks fell because impressions fell 2\d(\.\d)? % while the click-through rate held /,
    );
    expect(row.narration!.why).toMatch(
      / held \((3|2\.9\d|3\.0\d) % → (3|2\.9\d|3\.0\d) %\): −[\d,]+ clicks came from impressions/,
    );
    expect(row.narration!.next).toMatch(/to find which lost impressions/);
  });

  it("an ad account's cost that rose with its cost per click, and conversions that fell with their rate per click", async () => {
    const { rows } = await report(adsCsv(13, fromPeriod(1.2, 1.56), fromPeriod(0.05, 0.035)), SHOP, "ecommerce");
    const cost = insight(rows, "cost_change");
    expect(totalChange(cost)).toMatchObject({ dataKind: "ads", factors: { identity: "clicks_cpc" } });
    expect(cost.narration!.why).toMatch(/^Cost rose because the cost per click rose from \$1\.[12]\d to \$1\.5\d /);
    expect(cost.narration!.why).toMatch(
      / while clicks held \([+−]?\d+(\.\d)? %\): \+\$[\d,.]+ came from the cost per click/,
    );
    expect(cost.narration!.next).toMatch(/^Each click costs more: check the campaigns' bids/);
    const conversions = insight(rows, "conversions_change");
    expect(conversions.narration!.why).toMatch(/^Conversions fell because the conversion rate per click fell from /);
    expect(conversions.narration!.why).toMatch(/ from (5|4\.9\d|5\.\d+) % to 3\.\d+ % while clicks held/);
    expect(conversions.narration!.next).toMatch(/^The clicks converted less/);
  });

  it("an ad account that served nothing on its last days is told as ads that stopped, not as broken tracking", async () => {
    // The account's last 3 days: no clicks, impressions, cost or conversions (a paused account, a card declined).
    const lines = adsCsv(
      15,
      () => 1.2,
      () => 0.05,
    ).split("\n");
    const csv = [...lines.slice(0, -3), ...lines.slice(-3).map((l) => `${l.split(",")[0]},0,0,0.00,0`)].join("\n");
    const { rows } = await report(csv, SHOP, "ecommerce");
    const gaps = insight(rows, "tracking_gaps");
    const told = `${gaps.summary} ${JSON.stringify(gaps.narration)}`;
    expect(told).toMatch(/the ads (may have stopped serving|served almost nothing)/);
    expect(told).not.toMatch(/tracking may be broken|a tracking gap|analytics tag/);
    expect(gaps.narration!.next).toMatch(/^Check the campaigns' status, budget and billing/);
  });
});

describe("a total's level shift over time gets the next step of its own data", () => {
  beforeAll(resetDatabase);
  const STEP = addDays(SHOP_START, 10);
  const shiftOf = (row: Rows[number]) =>
    (row.findings as Finding[]).find((f) => f.kind === "level_shift" && !f.dimension) as Finding & {
      dataKind?: string;
    };

  it("Search Console's impressions that stepped down: the Performance report around that day", async () => {
    const { rows } = await report(
      searchCsv(
        16,
        (d) => (d >= STEP ? 28_000 : 40_000),
        () => 0.03,
      ),
      SHOP,
      "content",
    );
    const row = insight(rows, "impressions_trend");
    expect(shiftOf(row)).toMatchObject({ periodStart: STEP, direction: "down", dataKind: "organic_search" });
    expect(row.narration!.next).toBe(
      `Impressions stepped down on ${formatDay(STEP)}: in Search Console's Performance report, compare the days after with the weeks before by query and by page to find the pages and queries that lost them; check the Pages report for pages dropped from the index and the search engine's updates announced around that day, and restore or update those pages.`,
    );
  });

  it("an ad account's impressions that stepped down: its change history for that day", async () => {
    // The account's impressions 40 % lower from STEP (a budget cut), its clicks with them.
    const csv = adsCsv(
      17,
      () => 1.2,
      () => 0.05,
    )
      .split("\n")
      .map((line, i) => {
        const [date, clicks, impressions, cost, conversions] = line.split(",");
        if (i === 0 || date < STEP) return line;
        const scale = (x: string) => Math.round(Number(x) * 0.6);
        return [date, scale(clicks), scale(impressions), (Number(cost) * 0.6).toFixed(2), scale(conversions)].join();
      })
      .join("\n");
    const { rows } = await report(csv, SHOP, "ecommerce");
    const row = insight(rows, "impressions_trend");
    expect(shiftOf(row)).toMatchObject({ periodStart: STEP, direction: "down", dataKind: "ads" });
    expect(row.narration!.next).toMatch(
      new RegExp(`^Impressions stepped down on ${formatDay(STEP)}: check the ad account's change history for that day`),
    );
    for (const r of rows) expect(r.narration?.next ?? "").not.toMatch(/reset .* targets|pricing|a campaign launch/);
  });
});
