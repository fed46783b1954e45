import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatInZone } from "@/components/schedules/format-run";
import { DATE_LOCALE, formatInstant } from "./dates";
import { formatDate } from "./format";
import { formatDay, formatPeriod } from "./insights/format-values";
import { formatDate as narratedDate } from "./insights/narrate/sentences";

// One date format per locale everywhere: the page (formatDate), the exports and charts (formatDay, formatPeriod),
// the stored sentences (the narrator) and the schedules (formatInZone) write the same day the same way.

describe("one date format", () => {
  it("writes a calendar day alike on the page, in exports and in the narrated sentence", () => {
    const day = "2026-04-02";
    expect(formatDate(day)).toBe("Apr 2, 2026");
    expect(formatDay(day)).toBe("Apr 2, 2026");
    expect(narratedDate(day)).toBe("Apr 2, 2026");
    expect(formatPeriod("2026-04-01", "2026-04-28")).toBe("Apr 1, 2026 – Apr 28, 2026");
  });

  it("keeps a calendar day on its day in a zone west of UTC (no day before)", () => {
    const previous = process.env.TZ;
    try {
      // Intl reads the zone per call through the runtime's default; formatDate must not depend on it.
      process.env.TZ = "America/Los_Angeles";
      expect(formatDate("2026-04-02")).toBe("Apr 2, 2026");
    } finally {
      process.env.TZ = previous;
    }
  });

  it("writes a moment with the 24-hour clock the schedules are set in, on the zone's clock", () => {
    expect(formatInstant("2026-04-02T08:00:00Z", { timeZone: "Europe/London" })).toBe("Apr 2, 2026, 09:00");
    expect(formatInstant("2026-04-02T03:30:00Z", { timeZone: "America/New_York" })).toBe("Apr 1, 2026, 23:30");
    expect(formatInstant("2026-04-02T08:00:00Z", { timeZone: "UTC", dateOnly: true })).toBe("Apr 2, 2026");
    expect(formatInZone("2026-04-02T08:00:00Z", "Europe/London")).toBe("Apr 2, 2026, 09:00 (Europe/London)");
  });

  it("shows nothing rather than 'Invalid Date' for a missing or broken value", () => {
    expect(formatInstant(null)).toBe("");
    expect(formatInstant("not a date")).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatInZone(null, "UTC")).toBe("—");
    expect(DATE_LOCALE).toBe("en");
  });

  it("has no date formatting of its own outside lib/dates.ts", () => {
    // A screen or an export that builds its own Intl.DateTimeFormat or calls toLocaleDateString writes a second
    // format ("2 Apr 2026" beside "Apr 2, 2026"): every date goes through lib/dates.ts.
    const root = path.resolve(__dirname, "..");
    const own = new RegExp(
      [
        /toLocaleDateString|toLocaleTimeString/,
        /new Intl\.DateTimeFormat\(/,
        /Date\([^)]*\)\.toLocaleString\(/,
        /dateStyle:/,
      ]
        .map((r) => r.source)
        .join("|"),
    );
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const lines = fs.readFileSync(file, "utf8").split("\n");
          lines.forEach((line, i) => {
            if (own.test(line)) offenders.push(`${path.relative(root, file)}:${i + 1}`);
          });
        }
      }
    };
    for (const dir of ["app", "components", "lib", "server"]) walk(path.join(root, dir));
    const allowed = new Set(["lib/dates.ts", "lib/format.ts"]);
    expect(offenders.filter((o) => !allowed.has(o.split(":")[0]))).toEqual([]);
  });
});
