// Whether a report finds a dated event: a marketing finding (not a data-quality one) on the series' metric, in the
// event's direction, dated within DATING_TOLERANCE_DAYS of it — an unusual day, a level shift (its first day, or the
// day after a stretch that came back), unusual days in a row (the day after the last), a change of trend. What a
// quiet window's report finds is counted as false.
import { addDays, daysBetween } from "@/lib/dates";
import { viewOf, type FindingView } from "./finding-view";
import { DATING_TOLERANCE_DAYS, EVENT_DAY_IN_PERIOD, PERIOD_DAYS, type DatedEvent } from "./real-series";
import type { CheckedReport } from "./types";

const down = (kind: DatedEvent["kind"]) => kind === "drop" || kind === "step_down";

function marketingViews(report: CheckedReport): FindingView[] {
  return report.insights
    .flatMap((i) => i.findings.map(viewOf))
    .filter((v): v is FindingView => v !== null && v.shape !== "audit");
}

/** The dates a finding dates a move on, with the move's direction. */
function datedMoves(v: FindingView): { date: string; direction: "up" | "down" }[] {
  if (!v.direction || !v.date || (v.shape !== "day" && v.shape !== "step" && v.shape !== "trendChange")) return [];
  const moves = [{ date: v.date, direction: v.direction }];
  if (v.shape === "step" && v.until)
    moves.push({ date: addDays(v.until, 1), direction: v.direction === "up" ? "down" : "up" });
  if (v.earliest) moves.push({ date: v.earliest, direction: v.direction });
  return moves;
}

/**
 * Unusual days in a row on one series ("below the expected range on 5 days in a row, from Feb 13 to Feb 17") date
 * the series' return too: the day after the last, the other way.
 */
function runEnds(views: readonly FindingView[]): Map<FindingView, { date: string; direction: "up" | "down" }> {
  const out = new Map<FindingView, { date: string; direction: "up" | "down" }>();
  const days = views.filter((v) => v.shape === "day" && v.date && v.direction);
  const key = (v: FindingView) => `${v.metric}|${v.segment?.dimension ?? ""}|${v.segment?.value ?? ""}|${v.direction}`;
  const dates = new Map<string, Set<string>>();
  for (const v of days) dates.set(key(v), (dates.get(key(v)) ?? new Set()).add(v.date!));
  for (const v of days) {
    const same = dates.get(key(v))!;
    const next = addDays(v.date!, 1);
    if (same.has(addDays(v.date!, -1)) && !same.has(next))
      out.set(v, { date: next, direction: v.direction === "up" ? "down" : "up" });
  }
  return out;
}

export function eventFinding(report: CheckedReport, event: DatedEvent, metric: string): FindingView | null {
  const direction = down(event.kind) ? "down" : "up";
  const views = marketingViews(report);
  const ends = runEnds(views);
  for (const v of views) {
    if (v.metric !== metric) continue;
    const moves = [...datedMoves(v), ...(ends.has(v) ? [ends.get(v)!] : [])];
    const hit = moves.some(
      (m) => m.direction === direction && Math.abs(daysBetween(event.date, m.date) - 1) <= DATING_TOLERANCE_DAYS,
    );
    if (hit) return v;
  }
  return null;
}

/** Marketing findings of a report on a quiet window: every one is a false finding. */
export const falseFindings = (report: CheckedReport): FindingView[] => marketingViews(report);

/** The report period around an event (the event its 21st day), cut at the data's last day. */
export function eventPeriod(event: string, dataEnd: string): { start: string; end: string } {
  const wanted = addDays(event, PERIOD_DAYS - EVENT_DAY_IN_PERIOD);
  const end = wanted < dataEnd ? wanted : dataEnd;
  return { start: addDays(end, -(PERIOD_DAYS - 1)), end };
}
