import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek, daysBetween } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { clientProjects, dataSources, insights } from "@/server/db/schema";
import { MAX_SHIFT_WATCHED_VALUES, MAX_WATCHED_VALUES } from "@/server/insights/data/pick-watched-segments";
import { generateReportHandler } from "@/server/jobs/handlers/generate-report";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { PERIOD_END, insertReport } from "@/test/report-fixtures";
import { insertClient, insertProject } from "@/test/workspace";

// An account with 30 campaigns, each with far more than the watch's minimum volume: a lasting drop
// in the 20th largest, which the total hides (it is 3 % of the traffic), is reported with its
// campaign and its date, although only the 10 largest of a dimension get the one-day test.

const CAMPAIGNS = 30;
const DAYS = 120;
const WEEKLY = [0.7, 1.05, 1.1, 1.1, 1.05, 1.0, 0.75]; // Sunday … Saturday
const DROPPED = "Campaign 20";
const DROP_FROM = addDays(PERIOD_END, -13);

async function seedCampaigns(project: { id: string; agencyId: string }, drop: boolean) {
  const [source] = await db()
    .insert(dataSources)
    .values({ agencyId: project.agencyId, projectId: project.id, sourceName: "upload", kind: "own", name: "Export" })
    .returning();
  const names = Array.from({ length: CAMPAIGNS }, (_, k) => `Campaign ${k + 1}`);
  const sets = await db().execute<{ id: number; campaign: string }>(sql`
    insert into dimension_sets (project_id, key, campaign)
    select ${project.id}, md5(c), c from unnest(${sql.raw(`array[${names.map((n) => `'${n}'`).join(",")}]`)}::text[]) c
    returning id, campaign`);
  const setId = new Map(sets.rows.map((r) => [r.campaign, Number(r.id)]));
  const normal = gaussian(mulberry32(11));
  const first = addDays(PERIOD_END, -(DAYS - 1));
  const rows: string[] = [];
  for (let i = 0; i < DAYS; i++) {
    const date = addDays(first, i);
    names.forEach((name, k) => {
      // Campaign 1 the largest (640 a day) down to Campaign 30 (60 a day).
      let mean = (60 + 20 * (CAMPAIGNS - 1 - k)) * WEEKLY[dayOfWeek(date)];
      if (drop && name === DROPPED && date >= DROP_FROM) mean *= 0.5;
      const sessions = Math.max(0, Math.round(mean * (1 + 0.04 * normal())));
      const conversions = Math.max(0, Math.round(sessions * 0.03 + Math.sqrt(sessions * 0.03) * normal()));
      rows.push(`('${source.id}','${project.id}','${date}',${setId.get(name)},${sessions},${conversions})`);
    });
  }
  await db().execute(
    sql.raw(
      `select observations_partition(id) from data_sources where project_id = '${project.id}';
       insert into observations (data_source_id, project_id, date, dimension_set_id, sessions, conversions) values ${rows.join(",")}`,
    ),
  );
}

async function reportOn(drop: boolean) {
  const { agency } = await createAgency();
  const client = await insertClient(agency.id, { name: "Many campaigns" });
  const project = await insertProject(client, { name: "Paid account" });
  await db()
    .update(clientProjects)
    .set({ siteType: "lead_generation", currency: "EUR" })
    .where(eq(clientProjects.id, project.id));
  await seedCampaigns(project, drop);
  const report = await insertReport(project);
  await generateReportHandler.handle({ reportId: report.id }, { jobId: "test" });
  const rows = await db().select().from(insights).where(eq(insights.reportId, report.id));
  return rows.flatMap((row) =>
    (row.findings as { kind: string; dimension?: string; dimensionValue?: string; direction?: string; date?: string }[])
      .filter((f) => f.kind === "level_shift" && f.dimension === "campaign")
      .map((f) => ({ ...f, intentionKey: row.intentionKey })),
  );
}

describe("the segment watch beyond a dimension's largest values", () => {
  beforeEach(resetDatabase);

  it("reports a lasting drop in the 20th largest campaign with its date", async () => {
    // The planted campaign is past the one-day test's values but inside the shift watch.
    expect(20).toBeGreaterThan(MAX_WATCHED_VALUES);
    expect(20).toBeLessThanOrEqual(MAX_SHIFT_WATCHED_VALUES);
    const shifts = await reportOn(true);
    const found = shifts.find((f) => f.dimensionValue === DROPPED);
    expect(found).toMatchObject({ intentionKey: "segment_level_shifts", direction: "down" });
    expect(Math.abs(daysBetween(found!.date!, DROP_FROM))).toBeLessThanOrEqual(1);
    // No other campaign is said to have shifted.
    expect(shifts.filter((f) => f.dimensionValue !== DROPPED)).toEqual([]);
  });

  it("reports no campaign shift when nothing happened", async () => {
    expect(await reportOn(false)).toEqual([]);
  });
});
