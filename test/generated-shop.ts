import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { addDays } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { clientProjects, insights } from "@/server/db/schema";
import { generateReport } from "@/server/jobs/handlers/generate-report";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
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

/** Uploads `csv` into a new project (of `siteType`), runs the 30-day report on it and returns its insights by rank. */
export async function reportOnShop(csv: string, siteType?: "lead_generation" | "ecommerce") {
  const { main, project, sourceId } = await uploadWorld();
  if (siteType) await db().update(clientProjects).set({ siteType }).where(eq(clientProjects.id, project.id));
  expect((await uploadCsv(sourceId, main.token, csv)).status).toBe(200);
  const queued = await insertReport(project, { periodStart: SHOP_START, periodEnd: SHOP_END });
  await generateReport(queued.id);
  return db().select().from(insights).where(eq(insights.reportId, queued.id)).orderBy(insights.rank);
}
