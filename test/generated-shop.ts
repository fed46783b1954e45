import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { clientProjects, insights } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { createSource, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { insertReport } from "@/test/report-fixtures";

// The generated shops the engine's report tests upload as CSV: four months of days to 20 November 2026, a weekly
// pattern, counts with Poisson-sized noise, and a 30-day report on them through the real import and report job.

export const SHOP_END = "2026-11-20";
/** The report's first day: 30 days to SHOP_END. */
export const SHOP_START = addDays(SHOP_END, -29);
/** Sunday to Saturday. */
export const SHOP_WEEKLY = [0.75, 1.08, 1.08, 1.08, 1.08, 1.08, 0.75] as const;
/** Channel, sessions a day, conversion rate. */
export const SHOP_CHANNELS = [
  ["Organic Search", 900, 0.02],
  ["Paid Search", 500, 0.03],
  ["Direct", 400, 0.025],
  ["Email", 120, 0.04],
] as const;
export const SHOP_DEVICES = [
  ["desktop", 0.55],
  ["mobile", 0.45],
] as const;

/** A seeded source of counts around a mean, with Poisson-sized noise, and of the standard normal draws behind them. */
export function noisyCounts(seed: number): { count: (mean: number) => number; z: () => number } {
  const z = gaussian(mulberry32(seed));
  return { count: (mean) => Math.max(0, Math.round(mean + Math.sqrt(mean) * z())), z };
}

/** The 120 days to SHOP_END, oldest first. */
export const shopDays = (): string[] => Array.from({ length: 120 }, (_, i) => addDays(SHOP_END, -119 + i));

/** One row of a shop's export by channel and device, before its counts are drawn. */
export interface ShopCell {
  date: string;
  channel: string;
  device: string;
  /** The channel's conversion rate. */
  rate: number;
  /** The sessions the row expects: the channel's, the device's share of them, that weekday's. */
  expected: number;
}

/**
 * A shop's export by channel and device (date, channel, device, sessions, transactions, revenue) over shopDays(): `row`
 * draws each row's sessions, orders and revenue from the seeded counts (null: no row that day).
 */
export function channelDeviceCsv(
  seed: number,
  row: (cell: ShopCell, noise: ReturnType<typeof noisyCounts>) => [number, number, number] | null,
  channels: readonly (readonly [string, number, number])[] = SHOP_CHANNELS,
): string {
  const noise = noisyCounts(seed);
  const lines = ["date,channel,device,sessions,transactions,revenue"];
  for (const date of shopDays())
    for (const [channel, mean, rate] of channels)
      for (const [device, share] of SHOP_DEVICES) {
        const expected = mean * share * SHOP_WEEKLY[dayOfWeek(date)];
        const drawn = row({ date, channel, device, rate, expected }, noise);
        if (drawn) lines.push(`${date},${channel},${device},${drawn[0]},${drawn[1]},${drawn[2].toFixed(2)}`);
      }
  return lines.join("\n");
}

/** Orders' revenue at $60 each, with a spread that grows as a sum of baskets' does. */
export const basketRevenue = (orders: number, z: () => number): number =>
  Math.max(0, orders * 60 + 20 * Math.sqrt(orders) * z());

/** The shop's export with each row's expected visits as `visits` gives them, its orders and revenue drawn from them. */
export function shopVisitsCsv(
  seed: number,
  visits: (cell: ShopCell) => number,
  channels: readonly (readonly [string, number, number])[] = SHOP_CHANNELS,
): string {
  return channelDeviceCsv(
    seed,
    (cell, { count, z }) => {
      const visitors = count(visits(cell));
      const orders = count(visitors * cell.rate);
      return [visitors, orders, basketRevenue(orders, z)];
    },
    channels,
  );
}

/** The shop's export with `factor` moving the expected sessions of `channel` on a day. */
export function channelFactorCsv(seed: number, channel: string, factor: (date: string) => number): string {
  return shopVisitsCsv(seed, (cell) => cell.expected * (cell.channel === channel ? factor(cell.date) : 1));
}

/** The site's own findings of `metric` (no segment's) among a report's insights. */
export function siteFindings<T extends { metric: string; dimensionValue: string | null }>(
  rows: readonly { findings: unknown }[],
  metric: string,
): T[] {
  return rows.flatMap((r) => r.findings as T[]).filter((f) => f.metric === metric && f.dimensionValue === null);
}

/** `factor` on the days from `from` to `to`, 1 on the others. */
export const between = (from: string, to: string, factor: number) => (date: string) =>
  date >= from && date <= to ? factor : 1;

/**
 * Uploads `csv` into a new project (of `siteType`), and each of `moreSources` into a source of its own, runs the 30-day
 * report on it and returns its insights by rank.
 */
export async function reportOnShop(
  csv: string,
  siteType?: "lead_generation" | "ecommerce" | "content",
  moreSources: readonly { name: string; csv: string }[] = [],
) {
  const { main, project, sourceId } = await uploadWorld();
  if (siteType) await db().update(clientProjects).set({ siteType }).where(eq(clientProjects.id, project.id));
  expect((await uploadCsv(sourceId, main.token, csv)).status).toBe(200);
  for (const more of moreSources) {
    const created = await createSource(project.id, main.token, { name: more.name });
    expect((await uploadCsv(created.body._id as string, main.token, more.csv)).status).toBe(200);
  }
  const queued = await insertReport(project, { periodStart: SHOP_START, periodEnd: SHOP_END });
  await generateReport(queued.id);
  return db().select().from(insights).where(eq(insights.reportId, queued.id)).orderBy(insights.rank);
}
