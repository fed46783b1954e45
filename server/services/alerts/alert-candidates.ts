import { addDays } from "@/lib/dates";
import type { Finding } from "@/lib/insights/finding";
import { isSeasonallyExpected } from "@/lib/insights/season";
import type { EngineReport } from "../../insights/engine/run-engine";

// Which of a report's findings are alerts. The check runs the report's own engine on the latest complete days
// (check-project-alerts.ts) and reads its verdicts here: nothing is tested twice, so an alert and the report on the
// same days can never disagree about what is significant.

/** The latest complete days an alert is about: a change that began earlier was news on an earlier day. */
export const RECENT_DAYS = 7;
/** The metric ad spend is in (lib/insights/ad-metrics.ts). */
export const SPEND_METRIC = "cost";

export type AlertTier = "significant" | "finding";

export interface AlertCandidate {
  kind: "kpi_change" | "spend_change" | "finding";
  /** "significant": a followers' default; "finding": only for those who asked for every finding. */
  tier: AlertTier;
  changeKey: string;
  metric: string;
  dimension: string | null;
  dimensionValue: string | null;
  direction: "up" | "down" | null;
  date: string;
  headline: string;
  finding: Finding;
  /** The insight of the report (its index in `EngineReport.insights`) the finding belongs to. */
  insightIndex: number;
}

/** The report's own verdict: the finding's p-value is at or under the bar the report's Benjamini-Hochberg step kept. */
export function reportJudgesSignificant(f: Finding): boolean {
  const s = f.significance;
  return !!s && s.pValue <= s.threshold;
}

/** The day a finding's change began, for the kinds that name one (a day, a level's first day, a slope's turn). */
export function changeDay(f: Finding): string | null {
  if (f.kind === "anomaly") return f.date ?? f.periodStart;
  if (f.kind === "level_shift") return f.date ?? null;
  if (f.kind === "trend" && f.shape === "trend_change") return f.date ?? null;
  return null;
}

/** The change's identity: the same change found by tomorrow's check has the same key (the unique constraint's). */
export function changeKeyOf(
  kind: string,
  f: Pick<Finding, "metric" | "dimension" | "dimensionValue" | "direction">,
  day: string,
) {
  return [kind, f.metric, f.dimension ?? "", f.dimensionValue ?? "", f.direction ?? "", day].join("|");
}

export function alertCandidates(report: Pick<EngineReport, "insights" | "kpi">, periodEnd: string): AlertCandidate[] {
  const since = addDays(periodEnd, -(RECENT_DAYS - 1));
  const out: AlertCandidate[] = [];
  const seen = new Set<string>();
  report.insights.forEach((insight, insightIndex) => {
    for (const f of insight.findings) {
      const day = changeDay(f);
      if (!day || day < since || day > periodEnd) continue;
      // The KPI's (or spend's) total, or a segment of it (a campaign's drop moves the total it is part of).
      const watched = f.metric === report.kpi ? "kpi_change" : f.metric === SPEND_METRIC ? "spend_change" : null;
      const significant = !!watched && reportJudgesSignificant(f) && !isSeasonallyExpected(f);
      const kind = significant ? watched : "finding";
      const changeKey = changeKeyOf(kind, f, day);
      const identity = {
        kind,
        metric: f.metric,
        dimension: f.dimension,
        dimensionValue: f.dimensionValue,
        direction: f.direction,
        date: day,
      };
      // One finding told by two insights (a total and its driver), or days in a row of one drop, are one change.
      if (seen.has(changeKey) || alreadyTold(identity, out)) continue;
      seen.add(changeKey);
      out.push({
        kind,
        tier: significant ? "significant" : "finding",
        changeKey,
        metric: f.metric,
        dimension: f.dimension,
        dimensionValue: f.dimensionValue,
        direction: f.direction,
        date: day,
        headline: f.narrative ?? insight.narration?.headline ?? insight.title,
        finding: f,
        insightIndex,
      });
    }
  });
  // Significant changes first: the bell and the digest lead with them.
  return out.sort((a, b) => (a.tier === b.tier ? 0 : a.tier === "significant" ? -1 : 1));
}

interface ChangeIdentity {
  kind: string;
  metric: string | null;
  dimension: string | null;
  dimensionValue: string | null;
  direction: string | null;
  date: string;
}

/** Days either side within which a change of the same metric, segment and direction is the one already told. */
export const SAME_CHANGE_DAYS = 3;

/** Whether a candidate is a change already alerted, told again a day or two later as the data settled. */
export function alreadyTold(c: ChangeIdentity, earlier: ChangeIdentity[]): boolean {
  return earlier.some(
    (e) =>
      e.kind === c.kind &&
      e.metric === c.metric &&
      e.dimension === c.dimension &&
      e.dimensionValue === c.dimensionValue &&
      e.direction === c.direction &&
      Math.abs(Date.parse(e.date) - Date.parse(c.date)) <= SAME_CHANGE_DAYS * 86_400_000,
  );
}
