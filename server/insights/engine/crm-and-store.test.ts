import { describe, expect, it } from "vitest";
import { dayOfWeek } from "@/lib/dates";
import { mulberry32, poisson } from "@/lib/seeded-random";
import { PART_INDEX, PARTS, type PartKey, type PartValues } from "../data/parts";
import { ProjectData, type SegmentRow } from "../data/project-data";
import { addParts, generateProject, periodRows } from "../synthetic/generate-project";
import { runEngine } from "./run-engine";
import type { EngineInput } from "./types";

// The CRM's deals (HubSpot, by day and channel) and the ecommerce platform's orders (Shopify, by day) are reported
// on, not only used to rank: a lead generation client whose deals from Paid Search dried up reads that first, and a
// store whose orders fell reads the fall, with no noise twin reporting either.

const CRM = "00000000-0000-4000-8000-0000000000c1";
const STORE = "00000000-0000-4000-8000-0000000000e1";
/** Deals created a day per channel, the share of them won, and a won deal's mean value. */
const CRM_CHANNELS: [string, number][] = [
  ["Organic Search", 10],
  ["Paid Search", 16],
  ["Direct", 4],
  ["Referral", 2],
];
const WIN_SHARE = 0.35;
const DEAL_VALUE = 3000;

function part(values: Partial<Record<PartKey, number>>): PartValues {
  const row = PARTS.map(() => null) as (number | null)[];
  for (const [key, value] of Object.entries(values)) row[PART_INDEX[key as PartKey]] = value;
  return row as unknown as PartValues;
}

/** The generated shop's analytics beside a second source, keeping the analytics' segments. */
function withSource(
  input: EngineInput,
  sourceId: string,
  days: Map<string, PartValues>,
  rows: SegmentRow[],
  siteType: EngineInput["project"]["siteType"],
): EngineInput {
  const own = new ProjectData(input.window, [{ sourceId, days }], rows, rows.length ? ["channel"] : []);
  const data = ProjectData.combine(
    input.window,
    [...input.data.sources, { sourceId, days }],
    [input.data, own],
    input.data.loadedDimensions,
  );
  return {
    ...input,
    data,
    project: { ...input.project, siteType, sourceNames: { [sourceId]: sourceId === CRM ? "HubSpot" : "Shopify" } },
  };
}

/** A lead generation client with its CRM: deals by channel, Paid Search's won share falling by `fall` in the period. */
function crmProject(seed: number, fall = 0): EngineInput {
  const { input } = generateProject(seed, false);
  const draw = poisson(mulberry32(seed * 31 + 7));
  const random = mulberry32(seed * 17 + 3);
  const byChannel = new Map<string, Map<string, PartValues>>();
  const totals = new Map<string, PartValues>();
  for (const [channel, perDay] of CRM_CHANNELS) {
    const days = new Map<string, PartValues>();
    for (const date of input.data.sources[0].days.keys()) {
      const weekday = dayOfWeek(date) >= 5 ? 0.3 : 1.2;
      const created = draw(perDay * weekday);
      const share = channel === "Paid Search" && date >= input.window.periodStart ? WIN_SHARE * (1 - fall) : WIN_SHARE;
      const won = draw(perDay * weekday * share);
      let value = 0;
      for (let i = 0; i < won; i++) value += Math.round(DEAL_VALUE * (0.4 + 1.2 * random()));
      const values = part({ dealsCreated: created, dealsWon: won, wonValue: value });
      days.set(date, values);
      totals.set(date, addParts(totals.get(date), values));
    }
    byChannel.set(channel, days);
  }
  const rows = [...byChannel].flatMap(([value, days]) =>
    periodRows(input.window, { sourceId: CRM, dimension: "channel", value, combos: 1 }, days),
  );
  return withSource(input, CRM, totals, rows, "lead_generation");
}

/**
 * An ecommerce client with its store connected: orders by day, falling by `fall` in the period, and the share of them
 * from new customers by `newFall`.
 */
function storeProject(seed: number, fall = 0, newFall = 0): EngineInput {
  const { input } = generateProject(seed, false);
  const draw = poisson(mulberry32(seed * 13 + 5));
  const random = mulberry32(seed * 19 + 1);
  const days = new Map<string, PartValues>();
  for (const date of input.data.sources[0].days.keys()) {
    const level = 60 * (dayOfWeek(date) >= 5 ? 0.8 : 1.1) * (date >= input.window.periodStart ? 1 - fall : 1);
    const orders = draw(level);
    const fromNew = draw(orders * 0.35 * (date >= input.window.periodStart ? 1 - newFall : 1) + 0.001);
    const revenue = Math.round(orders * 55 * (0.9 + 0.2 * random()) * 100) / 100;
    days.set(
      date,
      part({
        storeOrders: orders,
        orderRevenue: revenue,
        newCustomerOrders: Math.min(orders, fromNew),
        returningCustomerOrders: orders - Math.min(orders, fromNew),
      }),
    );
  }
  return withSource(input, STORE, days, [], "ecommerce");
}

type Report = ReturnType<typeof runEngine>;
const findingsOf = (report: Report, key: string) =>
  (report.insights.find((i) => i.intentionKey === key)?.findings ?? []) as unknown as {
    kind: string;
    significant: boolean;
    dimension?: string | null;
    dimensionValue?: string | null;
    change?: number;
  }[];
const DEAL_INTENTIONS = [
  "deals_won_change",
  "deals_won_by_channel",
  "deals_created_by_channel",
  "won_value_change",
  "won_value_by_channel",
  "average_deal_value_by_channel",
];
const STORE_INTENTIONS = [
  "store_orders_change",
  "store_orders_anomalies",
  "order_revenue_change",
  "average_order_revenue_change",
  "new_customer_orders_change",
];

describe("the CRM's deals in the report", () => {
  it("leads a lead generation report with the fall in deals won and the channel it came from", () => {
    for (const seed of [1, 2, 3]) {
      const report = runEngine(crmProject(seed, 0.7));
      expect(report.kpi).toBe("dealsWon");
      const lead = report.insights[0];
      expect(lead.intentionKey).toBe("deals_won_by_channel");
      expect(lead.summary).toMatch(/^Deals won fell to [\d,]+ from .*; significant at 95% confidence\./);
      expect(lead.summary).toMatch(/Channel “Paid Search” contributed -\d+ to the change in deals won/);
      // Its effect on the KPI, in deals won, is the change itself (what the exports show beside it).
      const total = findingsOf(report, "deals_won_by_channel").find((f) => f.dimension === null)!;
      expect(lead).toMatchObject({ kpiMetric: "dealsWon", kpiEffect: total.change });
      // The change is the whole change, not a channel's: the total stands in for "Deals won change".
      expect(report.insights.some((i) => i.intentionKey === "deals_won_change")).toBe(false);
      // Deals created did not move.
      expect(findingsOf(report, "deals_created_by_channel").filter((f) => f.significant)).toEqual([]);
    }
  });

  it("reports nothing of the deals on the noise twins", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const report = runEngine(crmProject(seed));
      const keys = report.insights.map((i) => i.intentionKey);
      expect(keys).toEqual(expect.arrayContaining(["deals_won_by_channel", "won_value_by_channel"]));
      for (const key of DEAL_INTENTIONS) expect(findingsOf(report, key).filter((f) => f.significant)).toEqual([]);
    }
  });
});

describe("the store's orders in the report", () => {
  it("reports a fall of the store's orders and order revenue, and not of its average order", () => {
    for (const seed of [1, 2]) {
      const report = runEngine(storeProject(seed, 0.2));
      const orders = report.insights.find((i) => i.intentionKey === "store_orders_change")!;
      expect(orders.summary).toMatch(/^Store orders fell to [\d,]+ .* \(-(19|2\d)\.\d%\) .*significant at 95%/);
      const revenue = report.insights.find((i) => i.intentionKey === "order_revenue_change")!;
      expect(revenue.summary).toMatch(/^Order revenue fell to €[\d,.]+ .*significant at 95%/);
      // Both lead the report: the shop's analytics did not move.
      expect(
        report.insights
          .slice(0, 2)
          .map((i) => i.intentionKey)
          .sort(),
      ).toEqual(["order_revenue_change", "store_orders_change"]);
      expect(findingsOf(report, "average_order_revenue_change").filter((f) => f.significant)).toEqual([]);
    }
  });

  it("reports nothing of the store on the noise twins", () => {
    for (const seed of [1, 2, 3, 4]) {
      const report = runEngine(storeProject(seed));
      for (const key of STORE_INTENTIONS) expect(findingsOf(report, key).filter((f) => f.significant)).toEqual([]);
    }
  });

  it("ranks a fall in new customers' orders at a store order's revenue each", () => {
    const project = storeProject(1, 0, 0.4);
    const report = runEngine(project);
    const insight = report.insights.find((i) => i.intentionKey === "new_customer_orders_change")!;
    const [finding] = findingsOf(report, "new_customer_orders_change");
    expect(finding.significant).toBe(true);
    expect(insight.summary).toMatch(/^Orders from new customers fell to [\d,]+/);
    // Its impact is the orders lost over all the store's orders (about 0.35 × 0.4 = 0.14), not over new customers'
    // orders alone (0.4): the KPI an order carries is the revenue of any store order.
    const w = project.window;
    const orders = project.data.total("storeOrders", w.comparisonStart, w.comparisonEnd)!;
    expect(insight.impact).toBeCloseTo(-finding.change! / orders, 2);
    expect(insight.impact).toBeLessThan(0.2);
    // That weight is not an estimate the insight states (a new customer's order is not one of the KPI's own units):
    // no effect is quoted for it.
    expect(insight).toMatchObject({ kpiEffect: null, kpiMetric: null });
  });
});

describe("without the CRM or the store", () => {
  it("says nothing of deals or store orders, not even that they were skipped", () => {
    const report = runEngine(generateProject(1, false).input);
    const keys = [...report.insights.map((i) => i.intentionKey), ...report.skipped.map((s) => s.intentionKey)];
    for (const key of [...DEAL_INTENTIONS, ...STORE_INTENTIONS]) expect(keys).not.toContain(key);
  });
});
