import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { SeededRandom } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { clientProjects, insights, reports } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { headlineFigures } from "@/server/services/reports/report-kpis";
import * as dashboardRoute from "@/app/api/dashboard/route";
import { isGoodChange } from "@/components/dashboard/kpi-tile";
import type { DashboardKpi, DashboardProject } from "@/lib/api-client/dashboard-types";
import { figureReading } from "@/lib/insights/headline-kpis";
import { call } from "@/test/api";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { insertReport } from "@/test/report-fixtures";

// A cost per click is better lower only when the clicks held. Two Meta Ads Manager exports by campaign and day, made
// here with a seed, whose cost per click fell by a quarter in the report's 28 days: in the first the budgets were cut
// by more than half (the account bought 40 % fewer clicks, each cheaper), which is no efficiency gain; in the second
// the same spend bought a third more clicks, which is. The report says which, and colours only the second as good.

const END = "2026-11-29";
const DAYS = 84;
const PERIOD = { periodStart: addDays(END, -27), periodEnd: END };
const CAMPAIGNS = [
  { name: "Prospecting - Broad", spend: 180, cpc: 0.9 },
  { name: "Retargeting - Cart", spend: 120, cpc: 0.6 },
  { name: "Brand - Search", spend: 60, cpc: 0.4 },
];

/** The export with, from the period's first day, spend × `spendFactor` and cost per click × `cpcFactor`. */
function metaExport(spendFactor: number, cpcFactor: number): { csv: string; clicks: Map<string, number> } {
  const random = new SeededRandom(33);
  const lines = ["Campaign name,Day,Impressions,Amount spent (USD),Link clicks,Purchases"];
  const clicks = new Map<string, number>();
  for (let i = 0; i < DAYS; i++) {
    const day = addDays(END, -(DAYS - 1 - i));
    const after = day >= PERIOD.periodStart;
    for (const c of CAMPAIGNS) {
      const cost = Math.round(c.spend * (after ? spendFactor : 1) * (1 + 0.06 * random.normal()) * 100) / 100;
      const n = Math.round(cost / (c.cpc * (after ? cpcFactor : 1) * (1 + 0.04 * random.normal())));
      const impressions = Math.round(n * 60 * (1 + 0.05 * random.normal()));
      const purchases = Math.max(0, Math.round(n * 0.03 + random.normal()));
      lines.push(`${c.name},${day},${impressions},${cost.toFixed(2)},${n},${purchases}`);
      clicks.set(day, (clicks.get(day) ?? 0) + n);
    }
  }
  return { csv: lines.join("\n"), clicks };
}

interface StoredFinding {
  kind: string;
  metric: string;
  dimension: string | null;
  direction: string | null;
  sentiment?: string;
  narrative: string;
  results?: { metric: string; before: number; after: number; changePct: number | null };
}

interface Reported {
  rows: (typeof insights.$inferSelect)[];
  clicks: Map<string, number>;
  figures: Awaited<ReturnType<typeof headlineFigures>>;
  /** The project's tiles on the agency's dashboard (its last 28 days against the 28 before: the report's periods). */
  tiles: DashboardKpi[];
}

async function reportOn(spendFactor: number, cpcFactor: number): Promise<Reported> {
  const { main, project, sourceId } = await uploadWorld();
  // An advertiser's project: its headline figures are the ad account's (cost per click among them).
  await db().update(clientProjects).set({ siteType: "lead_generation" }).where(eq(clientProjects.id, project.id));
  const { csv, clicks } = metaExport(spendFactor, cpcFactor);
  const upload = await uploadCsv(sourceId, main.token, csv, "Untitled-report-Sep-7-2026-to-Nov-29-2026_Day.csv");
  expect(upload.status).toBe(200);
  const report = await insertReport(project, PERIOD);
  await generateReport(report.id);
  const [done] = await db().select().from(reports).where(eq(reports.id, report.id));
  expect(done).toMatchObject({ status: "ready", error: null });
  const rows = await db().select().from(insights).where(eq(insights.reportId, report.id)).orderBy(asc(insights.rank));
  const [p] = await db().select().from(clientProjects).where(eq(clientProjects.id, project.id));
  const dashboard = await call(dashboardRoute.GET, { path: "/api/dashboard", token: main.token });
  expect(dashboard.status).toBe(200);
  const projects = (dashboard.body.clients as { projects: DashboardProject[] }[]).flatMap((c) => c.projects);
  const tiles = projects.find((x) => x._id === project.id)!.kpis;
  return { rows, clicks, figures: await headlineFigures(done, p), tiles };
}

const totalCpc = (r: Reported) =>
  r.rows
    .flatMap((row) => row.findings as StoredFinding[])
    .find((f) => f.metric === "cpc" && f.kind === "change" && f.dimension === null);
const clicksADay = (r: Reported, from: string, to: string) => {
  let sum = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) sum += r.clicks.get(d)!;
  return sum / 28;
};

let cut: Reported;
let better: Reported;

beforeAll(async () => {
  await resetDatabase();
  cut = await reportOn(0.45, 0.75);
  better = await reportOn(1, 0.75);
}, 180_000);

describe("a cost per click that fell while its clicks fell", () => {
  it("carries the clicks' change over the same two periods, from the file's own clicks", () => {
    const f = totalCpc(cut)!;
    expect(f.direction).toBe("down");
    const before = clicksADay(cut, addDays(PERIOD.periodStart, -28), addDays(PERIOD.periodStart, -1));
    const after = clicksADay(cut, PERIOD.periodStart, PERIOD.periodEnd);
    expect(f.results!.metric).toBe("clicks");
    expect(f.results!.before).toBeCloseTo(before, 6);
    expect(f.results!.after).toBeCloseTo(after, 6);
    expect(f.results!.changePct).toBeLessThan(-0.3);
  });

  it("is not told as an improvement, nor coloured as good news", () => {
    const f = totalCpc(cut)!;
    expect(f.narrative).not.toMatch(/An improvement/);
    expect(f.narrative).toMatch(/Not an improvement by itself: clicks fell too \(-\d+\.\d%\), fewer and cheaper/);
    expect(f.sentiment).toBe("neutral");
    for (const row of cut.rows) expect(JSON.stringify(row.narration)).not.toMatch(/lower cost per click is better/i);
    // Its headline figure is not green either.
    const figure = cut.figures.kpis.find((k) => k.metric === "cpc");
    if (figure) expect(figure.results?.changePct).toBeLessThan(-0.3);
  });

  it("asks what cut the spend", () => {
    const told = cut.rows.find((row) => (row.findings as StoredFinding[]).some((x) => x === totalCpc(cut)))!;
    const lead = (told.findings as StoredFinding[])[0];
    expect(lead.metric).toBe("cpc");
    // Its campaign that changed it most, or the account.
    const next = (told.narration as { next: string }).next;
    expect(next).toMatch(/^Check what cut the .+ spend \(a budget, bids, a paused campaign or ad\)/);
    expect(next).toContain("it bought fewer clicks at a lower price, not better ones");
  });
});

describe("a cost per click that fell while its clicks rose", () => {
  it("is an improvement, and good news", () => {
    const f = totalCpc(better)!;
    expect(f.direction).toBe("down");
    expect(f.results!.changePct).toBeGreaterThan(0.2);
    expect(f.narrative).toContain("An improvement: lower cost per click is better.");
    expect(f.sentiment).toBe("good");
  });
});

describe("the dashboard's tile of the same cost per click", () => {
  const tileOf = (r: Reported) => r.tiles.find((k) => k.key === "cpc")!;

  it("is shown for an ad account, beside its spend and clicks, with the report's numbers", () => {
    expect(cut.tiles.map((k) => k.key)).toEqual(["cost", "clicks", "cpc"]);
    const tile = tileOf(cut);
    const f = totalCpc(cut)! as StoredFinding & { current: number; baseline: number };
    expect(tile.current).toBeCloseTo(f.current, 6);
    expect(tile.previous).toBeCloseTo(f.baseline, 6);
    expect(tile.results!.metric).toBe("clicks");
    expect(tile.results!.before).toBeCloseTo(f.results!.before, 6);
    expect(tile.results!.after).toBeCloseTo(f.results!.after, 6);
  });

  it("is not green where the report says fewer and cheaper, and green where it says an improvement", () => {
    for (const r of [cut, better]) {
      const tile = tileOf(r);
      // Both falls are news on the dashboard's own test: the colour is the cost per result's reading alone.
      expect(tile.significant).toBe(true);
      expect(tile.changePct).toBeLessThan(-0.15);
    }
    expect(totalCpc(cut)!.sentiment).toBe("neutral");
    expect(isGoodChange(tileOf(cut))).toBe(null);
    expect(totalCpc(better)!.sentiment).toBe("good");
    expect(isGoodChange(tileOf(better))).toBe(true);
    // The report's header figure, where it shows one, reads the same.
    for (const r of [cut, better]) {
      const figure = r.figures.kpis.find((k) => k.metric === "cpc");
      if (figure) expect(figureReading(figure).tone).toBe(totalCpc(r)!.sentiment);
    }
  });
});
