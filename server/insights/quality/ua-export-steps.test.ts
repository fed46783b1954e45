import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import type { EngineProject } from "../engine/types";
import { runAndCheck } from "./engine-run";
import type { TableRow } from "./table-series-data";

// The real Universal Analytics export of users by Day Index (../shared/real-exports, January 2019): a report on Jan
// 18–31 said "Users shifted 0.8 % down to about 88 a day from Jan 15", while the file averages 88.4 users a day before
// Jan 15 and 91.9 after. A step is told only when its own days moved its way, beyond the noise of the level before.

const FILE = path.resolve(
  import.meta.dirname,
  "../../../../shared/real-exports/files/ua-gmerch-demo-day-index-users-jan2019.csv",
);
const CONTENT: EngineProject = { siteType: "content", url: null, currency: "USD" };

/** The export's days (`1/15/19,92`), read here apart from the app's importer. */
function uaRows(): TableRow[] {
  const lines = fs.readFileSync(FILE, "utf8").split(/\r?\n/);
  const header = lines.findIndex((l) => l.startsWith("Day Index,"));
  const rows: TableRow[] = [];
  for (const line of lines.slice(header + 1)) {
    const m = /^(\d+)\/(\d+)\/(\d+),(\d+)$/.exec(line.trim());
    if (!m) continue;
    const date = `20${m[3]}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}`;
    rows.push({ date, values: { users: Number(m[4]) } });
  }
  return rows;
}

describe("the Universal Analytics export of users by day", () => {
  const rows = uaRows();

  it("is read whole: 31 days of January 2019", () => {
    expect(rows).toHaveLength(31);
    expect(rows[14]).toEqual({ date: "2019-01-15", values: { users: 92 } });
  });

  it("tells no step of users on Jan 18–31 that its days did not make", () => {
    const { report, violations } = runAndCheck(rows, {
      periodStart: "2019-01-18",
      periodEnd: "2019-01-31",
      project: CONTENT,
    });
    const findings = report.insights.flatMap((i) => i.findings) as { kind: string; direction: string | null }[];
    expect(findings.filter((f) => f.kind === "level_shift" && f.direction === "down")).toEqual([]);
    expect(violations.map((v) => `${v.property}: ${v.text}`)).toEqual([]);
  });

  it("keeps every property on every two-week window the file allows", () => {
    const found: string[] = [];
    for (let end = "2019-01-28"; end <= "2019-01-31"; end = addDays(end, 1)) {
      const { violations } = runAndCheck(rows, { periodStart: addDays(end, -13), periodEnd: end, project: CONTENT });
      found.push(...violations.map((v) => `${end} ${v.property}: ${v.text}`));
    }
    expect(found).toEqual([]);
  });
});
