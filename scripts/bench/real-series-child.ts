// The real-series benchmark's process (see real-series.ts), run like the worker: every real public series
// (data/real-series/) and every real export of ../shared/real-exports/files/ that imports, loaded through the upload
// route's own reading and import (importFile: the file's start read as the wizard's preview reads it, its encoding,
// preamble, tables, dates and grain; then imported or refused as POST /api/data-sources/{id}/upload without a
// mapping answers) into a project of its own, reported on by the report job's own function (generateReport) on
// windows around each dated event and on quiet windows, and every stored finding checked against the data the
// report loader reads (server/insights/quality/). Prints one JSON line: what it found.
import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { addDays, daysBetween } from "../../lib/dates";

const EXPORTS_DIR = path.resolve("../shared/real-exports/files");

export interface WindowResult {
  dataset: string;
  periodStart: string;
  periodEnd: string;
  /** The dated event the window is about (null: a quiet window or an export's window). */
  event: { date: string; kind: string; name: string; found: string | null } | null;
  quiet: boolean;
  falseFindings: string[];
  violations: { property: string; text: string }[];
  ms: number;
  /** The engine's own part of `ms`. */
  engineMs: number;
}

export interface ChildResult {
  windows: WindowResult[];
  /** What the upload route does with each export: its summary, or the message it refuses the file with. */
  exports: { file: string; imported: boolean; detail: string }[];
  deterministic: { dataset: string; differences: string[] }[];
}

/** A seeded shuffle of a CSV's rows (its header first): the same data in another order. */
function shuffled(text: string, seed: number): string {
  const [header, ...rows] = text.replace(/\n$/, "").split("\n");
  let s = seed;
  const random = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rows[i], rows[j]] = [rows[j], rows[i]];
  }
  return [header, ...rows].join("\n") + "\n";
}

function siteTypeFor(metrics: readonly string[]): "brand" | "ecommerce" | "lead_generation" | "content" {
  if (metrics.includes("revenue") || metrics.includes("transactions")) return "ecommerce";
  if (metrics.includes("impressions")) return "brand";
  if (metrics.includes("leads") || metrics.includes("conversions")) return "lead_generation";
  return "content";
}

async function main() {
  const { db, closeDb } = await import("../../server/db/client");
  const { agencies, clientProjects, clients, dataSources, insights, reports } = await import("../../server/db/schema");
  const { importFile } = await import("../../server/services/data-sources/upload/import-file");
  const { generateReport } = await import("../../server/services/reports/generate-report");
  const { engineProjectOf, loadReportInput } = await import("../../server/insights/data/load-report-input");
  const { checkReport } = await import("../../server/insights/quality/check-report");
  const { engineSeriesData } = await import("../../server/insights/quality/engine-series-data");
  const { storedReportOf } = await import("../../server/insights/quality/report-of");
  const { reportDifferences } = await import("../../server/insights/quality/properties/deterministic");
  const { eventFinding, eventPeriod, falseFindings } = await import("../../server/insights/quality/event-recall");
  const { REAL_SERIES } = await import("../../server/insights/quality/real-series");
  const { REAL_SERIES_DIR } = await import("../../server/insights/quality/series-files");
  const { describe } = await import("../../server/insights/quality/context");
  type CheckedReport = import("../../server/insights/quality/types").CheckedReport;

  const [agency] = await db()
    .insert(agencies)
    .values({ name: "Real series bench", confirmedAt: new Date(), projectLimit: 1000 })
    .returning();
  const [client] = await db().insert(clients).values({ agencyId: agency.id, name: "Real series" }).returning();

  /** A project with one upload source holding `csv`, imported as a user's upload without a mapping is. */
  async function project(name: string, siteType: string, csv: Buffer | string, fileName = `${name}.csv`) {
    const [p] = await db()
      .insert(clientProjects)
      .values({ agencyId: agency.id, clientId: client.id, name, siteType: siteType as "brand", currency: "USD" })
      .returning();
    const [source] = await db()
      .insert(dataSources)
      .values({ agencyId: agency.id, projectId: p.id, sourceName: "upload", kind: "own", name })
      .returning();
    const summary = await importFile(
      (async function* () {
        yield Buffer.isBuffer(csv) ? csv : Buffer.from(csv);
      })(),
      { dataSourceId: source.id, projectId: p.id, meta: { fileName } },
    );
    return { project: p, summary, grain: summary.grain };
  }

  /** A report on [start, end] generated by the report job's function, as stored, with the data it read. */
  async function report(p: typeof clientProjects.$inferSelect, start: string, end: string) {
    const [row] = await db()
      .insert(reports)
      .values({
        agencyId: agency.id,
        projectId: p.id,
        periodStart: start,
        periodEnd: end,
        compareTo: "previous_period",
      })
      .returning();
    const started = performance.now();
    const generated = await generateReport(row.id);
    const ms = performance.now() - started;
    const [stored] = await db().select().from(reports).where(eq(reports.id, row.id));
    const rows = await db().select().from(insights).where(eq(insights.reportId, row.id)).orderBy(asc(insights.rank));
    const input = await loadReportInput({
      projectId: p.id,
      project: engineProjectOf(p),
      periodStart: start,
      periodEnd: end,
      compareTo: "previous_period",
    });
    const excluded = (stored.excludedDays as string[] | null) ?? [];
    const checked = storedReportOf(input.window, p.currency, excluded, rows);
    const violations = checkReport(checked, engineSeriesData(input, excluded)).map((v) => ({
      property: v.property,
      text: v.text,
    }));
    return { checked, violations, ms, engineMs: generated.engineMs ?? NaN };
  }

  const windows: WindowResult[] = [];
  const deterministic: ChildResult["deterministic"] = [];
  const compareShuffled = async (dataset: string, siteType: string, csv: string, first: CheckedReport) => {
    const twin = await project(`${dataset} (rows shuffled)`, siteType, shuffled(csv, 56));
    const again = await report(twin.project, first.periodStart, first.periodEnd);
    const differences = reportDifferences(first, again.checked, "rows shuffled").map((d) => d.text);
    deterministic.push({ dataset, differences });
  };

  for (const series of REAL_SERIES) {
    const csv = fs.readFileSync(path.join(REAL_SERIES_DIR, series.file), "utf8");
    const { project: p, summary } = await project(series.title, series.siteType, csv);
    const plan = [
      ...series.events.map((e) => ({ ...eventPeriod(e.date, summary.dateRange.end), event: e })),
      ...series.quiet.map((q) => ({ start: q, end: addDays(q, 29), event: null })),
    ];
    let first: CheckedReport | null = null;
    for (const w of plan) {
      const r = await report(p, w.start, w.end);
      first ??= r.checked;
      const found = w.event ? eventFinding(r.checked, w.event, series.metric) : null;
      windows.push({
        dataset: series.key,
        periodStart: w.start,
        periodEnd: w.end,
        event: w.event ? { ...w.event, found: found ? describe(found) : null } : null,
        quiet: !w.event,
        falseFindings: w.event ? [] : falseFindings(r.checked).map(describe),
        violations: r.violations,
        ms: r.ms,
        engineMs: r.engineMs,
      });
    }
    await compareShuffled(series.key, series.siteType, csv, first!);
  }

  const exportsResult: ChildResult["exports"] = [];
  for (const file of fs.readdirSync(EXPORTS_DIR).sort()) {
    const bytes = fs.readFileSync(path.join(EXPORTS_DIR, file));
    let imported: Awaited<ReturnType<typeof project>>;
    try {
      // A project of its kind: the site type the export's metrics call for (read from a first import).
      const probe = await project(`${file} (probe)`, "brand", bytes, file);
      const siteType = siteTypeFor(probe.summary.metrics);
      imported = siteType === "brand" ? probe : await project(file, siteType, bytes, file);
    } catch (error) {
      exportsResult.push({ file, imported: false, detail: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const { project: p, summary, grain } = imported;
    const days = daysBetween(summary.dateRange.start, summary.dateRange.end);
    const detail = `${summary.rows} rows, ${summary.dateRange.start} to ${summary.dateRange.end}, ${summary.metrics.join(", ")}, grain ${grain}${summary.notes?.length ? `; ${summary.notes.length} note${summary.notes.length === 1 ? "" : "s"}: ${summary.notes[0]}` : ""}`;
    exportsResult.push({ file, imported: true, detail });
    if (grain !== "day" || days < 60) continue;
    const end = summary.dateRange.end;
    const plan = [{ start: addDays(end, -29), end }];
    if (days >= 90) plan.push({ start: addDays(end, -59), end: addDays(end, -30) });
    if (days >= 180) plan.push({ start: addDays(end, -89), end });
    let first: CheckedReport | null = null;
    for (const w of plan) {
      const r = await report(p, w.start, w.end);
      first ??= r.checked;
      windows.push({
        dataset: file,
        ...{ periodStart: w.start, periodEnd: w.end },
        event: null,
        quiet: false,
        falseFindings: [],
        violations: r.violations,
        ms: r.ms,
        engineMs: r.engineMs,
      });
    }
    // The same rows in another order (a file with a plain header line only: a title block would be shuffled too).
    const text = bytes.toString("utf8");
    if (text.startsWith("#")) continue;
    await compareShuffled(file, siteTypeFor(summary.metrics), text, first!).catch((error: unknown) =>
      deterministic.push({ dataset: file, differences: [`the shuffled file did not import: ${String(error)}`] }),
    );
  }

  await closeDb();
  const result: ChildResult = { windows, exports: exportsResult, deterministic };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
