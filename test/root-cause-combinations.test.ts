import { beforeEach, describe, expect, it } from "vitest";
import { dayOfWeek } from "@/lib/dates";
import { reportWindow } from "@/server/insights/data/window";
import { loadCombinationLeaves } from "@/server/insights/data/load-combination-leaves";
import { explainMetricChange } from "@/server/insights/attribute/root-cause/explain-metric-change";
import { resetDatabase } from "@/test/db";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { noisyCounts, SHOP_CHANNELS, SHOP_END, SHOP_START, SHOP_WEEKLY, shopDays } from "@/test/generated-shop";

// The root-cause localiser on a shop's own observations, through the real CSV import: four channels × two devices ×
// four countries × three landing pages a day for 120 days (the generated shop at four times its visits),
// Poisson-sized counts. In the 30-day report period the mobile sessions of Paid Search from Germany fell by 60 % (and
// their orders and revenue with them): 1.4 % of the shop's sessions, spread over three landing pages. The report's
// question: which segments explain the change?

const DEVICES = [
  ["desktop", 0.55],
  ["mobile", 0.45],
] as const;
const COUNTRIES = [
  ["Germany", 0.2],
  ["France", 0.15],
  ["United States", 0.45],
  ["United Kingdom", 0.2],
] as const;
const PAGES = [
  ["/", 0.5],
  ["/shop", 0.3],
  ["/sale", 0.2],
] as const;
const PLANTED = "channel=Paid Search&country=Germany&device=mobile";
/** At the generated shop's own visits, the fall costs Germany's mobile Paid Search about 24 orders of 40: too few
 *  to tell from noise among 512 candidates (z ≈ 3); at four times the visits it is about 100 of 160. */
const VISITS = 4;

interface Cell {
  date: string;
  channel: string;
  device: string;
  country: string;
}

/** The shop's export; `factor` moves a cell's expected sessions (its orders and revenue follow). */
function shopCsv(seed: number, factor: (cell: Cell) => number): string {
  const { count, z } = noisyCounts(seed);
  const lines = ["date,channel,device,country,landingPage,sessions,transactions,revenue"];
  for (const date of shopDays())
    for (const [channel, mean, rate] of SHOP_CHANNELS)
      for (const [device, deviceShare] of DEVICES)
        for (const [country, countryShare] of COUNTRIES)
          for (const [page, pageShare] of PAGES) {
            const cell = { date, channel, device, country };
            const expected = VISITS * mean * deviceShare * countryShare * pageShare * SHOP_WEEKLY[dayOfWeek(date)];
            const sessions = count(expected * factor(cell));
            const orders = count(sessions * rate);
            const revenue = Math.max(0, orders * 60 + 20 * Math.sqrt(orders) * z());
            lines.push(`${date},${channel},${device},${country},${page},${sessions},${orders},${revenue.toFixed(2)}`);
          }
  return lines.join("\n");
}

const inPeriod = (cell: Cell) => cell.date >= SHOP_START;
const planted = (cell: Cell) =>
  inPeriod(cell) && cell.channel === "Paid Search" && cell.device === "mobile" && cell.country === "Germany";

async function uploaded(csv: string) {
  const world = await uploadWorld();
  expect((await uploadCsv(world.sourceId, world.main.token, csv)).status).toBe(200);
  return world;
}

const window = reportWindow(SHOP_START, SHOP_END, "previous_period");

describe("root cause across combinations of dimensions, on a shop's observations", () => {
  beforeEach(resetDatabase);

  it("names mobile × Paid Search × Germany for the fall, with its effect, share and test", async () => {
    const { project, sourceId } = await uploaded(shopCsv(31, (cell) => (planted(cell) ? 0.4 : 1)));
    const leaves = await loadCombinationLeaves({
      projectId: project.id,
      sourceId,
      window,
      parts: ["sessions", "revenue"],
    });
    expect(leaves.dimensions).toEqual(["channel", "device", "country", "landingPage"]);
    expect(leaves.codes[0]).toHaveLength(4 * 2 * 4 * 3);

    for (const metric of ["sessions", "revenue"]) {
      const explained = explainMetricChange(leaves, metric);
      expect(explained.elements.map((e) => e.key)).toEqual([PLANTED]);
      const [element] = explained.elements;
      expect(element.conditions).toEqual([
        { dimension: "channel", value: "Paid Search" },
        { dimension: "device", value: "mobile" },
        { dimension: "country", value: "Germany" },
      ]);
      expect(element.relativeChange).toBeGreaterThan(-0.7);
      expect(element.relativeChange).toBeLessThan(-0.5);
      // The segment's own fall is the bulk of the total's: the rest of the shop only moved by its noise.
      expect(element.share).toBeGreaterThan(0.6);
      expect(element.test.adjustedP).toBeLessThan(explained.alpha);
      // One of the layer-3 combinations of 4 dimensions' values (4 cuboids), × 4 layers searched.
      expect(element.test.candidates).toBe(4 * (4 * 2 * 4 + 4 * 2 * 3 + 4 * 4 * 3 + 2 * 4 * 3));
      expect(explained.maxLayer).toBe(3);
      expect(explained.comparisonScale).toBe(1);
    }
  });

  it("finds nothing in the same shop without the fall", async () => {
    const { project, sourceId } = await uploaded(shopCsv(31, () => 1));
    const leaves = await loadCombinationLeaves({ projectId: project.id, sourceId, window, parts: ["sessions"] });
    const explained = explainMetricChange(leaves, "sessions");
    expect(explained.elements).toEqual([]);
    // The noise model saw counts: a leaf's variance grows with its size, not with its square.
    expect(explained.noise.phi).toBeGreaterThan(0.5);
  });

  it("tells a rise across the shop and the fall as the fall and the rest of the shop", async () => {
    const { project, sourceId } = await uploaded(
      shopCsv(32, (cell) => (planted(cell) ? 0.4 : inPeriod(cell) ? 1.1 : 1)),
    );
    const leaves = await loadCombinationLeaves({ projectId: project.id, sourceId, window, parts: ["sessions"] });
    const explained = explainMetricChange(leaves, "sessions");
    const byKey = [...explained.elements].sort((a, b) => a.key.localeCompare(b.key));
    expect(byKey.map((e) => [e.key, e.excludes])).toEqual([
      ["", [PLANTED]],
      [PLANTED, []],
    ]);
    const rest = byKey[0];
    expect(rest.layer).toBe(0);
    expect(rest.relativeChange).toBeGreaterThan(0.07);
    expect(rest.relativeChange).toBeLessThan(0.13);
  });

  it("reads only the project's own rows", async () => {
    const { sourceId } = await uploaded(shopCsv(31, (cell) => (planted(cell) ? 0.4 : 1)));
    const other = await uploadWorld();
    const leaves = await loadCombinationLeaves({ projectId: other.project.id, sourceId, window, parts: ["sessions"] });
    expect(leaves.dimensions).toEqual([]);
    expect(leaves.current[0]).toHaveLength(0);
    expect(explainMetricChange(leaves, "sessions").elements).toEqual([]);
  });

  it("refuses a metric whose change is not a sum of segments' changes", async () => {
    const { project, sourceId } = await uploaded(shopCsv(31, () => 1));
    const leaves = await loadCombinationLeaves({ projectId: project.id, sourceId, window, parts: ["sessions"] });
    expect(() => explainMetricChange(leaves, "conversionRate")).toThrow(/not an additive metric/);
    expect(() => explainMetricChange(leaves, "revenue")).toThrow(/not loaded/);
  });
});
