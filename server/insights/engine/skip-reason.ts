import { GRAIN_WORDS, type Grain } from "@/lib/csv-import/grain";
import { AD_METRICS } from "@/lib/insights/ad-metrics";
import type { Intention } from "@/lib/insights/intentions";
import { metricDefinition, metricInputs } from "@/lib/insights/metrics";
import { MIN_PERIOD_COVERAGE } from "@/lib/insights/period-estimate";
import { addDays, dayNumber, daysBetween } from "@/lib/dates";
import type { PartKey } from "../data/parts";
import { metricParts } from "../data/project-data";
import { COUNT_BEHIND, MIN_COUNT_PER_DAY, MIN_COUNT_PER_DAY_COUNTED, MIN_COUNT_PER_DAY_SHIFTS } from "./count-floor";
import { formatDate } from "@/lib/insights/narrate/sentences";
import { siteTypeIntentions } from "./applicable";
import { finestGrain, grainOfMetric } from "../data/source-grain";
import { wasOrWere } from "@/lib/catalogue/metrics";
import type { EngineContext } from "./types";

// Why an intention is not run, in words a report reader understands: a detector that needs more
// history than the project has, or a metric that needs a source the project has not connected.
// "not_applicable" (the site's data simply does not have that kind of metric) is left out silently,
// as before.

/**
 * Days before the period the forecast of the site's totals needs (4 weeks of level plus 3 weeks of errors); with
 * less, the totals' days are judged from both sides (two-sided-baseline.ts), as the segments' always are.
 */
export const FORECAST_HISTORY_DAYS = 49;
/**
 * Days of data a day can be judged with at all, from both sides: several weeks of each weekday's ratio and the
 * day-to-day noise of the rest; the segments are watched from as many days (segment-watch.ts).
 */
export const UNUSUAL_DAYS_MIN_DATA = 42;
/** Days of data a level shift or a slope change needs: a week or more on each side of it and the noise. */
export const CHANGE_POINT_MIN_DATA = 28;

/** Why an intention could not run, as the report stores it (lib/insights/finding.ts InsightOutcome "not_run"). */
export interface NotRun {
  /** The reason in a sentence (the summary is "Skipped: " and this). */
  reason: string;
  /** What it needs, when it is missing data (the words after "needs"); null otherwise. */
  need: string | null;
}

/** A reason "… needs {need}{rest}": the need is said once, in the sentence and as data. */
const needs = (what: string, need: string, rest = ""): NotRun => ({
  reason: `${what} needs ${need}${rest}.`,
  need: need + rest,
});

export function skipReason(ctx: EngineContext, intention: Intention): NotRun | null | "not_applicable" {
  const data = ctx.data;
  // A question that stands in for another metric's is not one to ask when the data holds that metric.
  if (intention.standsInFor?.some((m) => data.hasMetric(m))) return "not_applicable";
  const missing = intention.metrics.filter((m) => !data.hasMetric(m));
  const missingDims = intention.dimensions.filter((d) => !data.hasDimension(d));
  if (missing.length > 0 || missingDims.length > 0) {
    // A total's change alone stands in for its drivers insights, which say what is missing.
    if (standsIn(ctx, intention) || intention.analysis.type === "change") return "not_applicable";
    if (intention.metrics.some((m) => AD_METRICS.has(m)) && missing.some((m) => AD_METRICS.has(m) || m === "revenue")) {
      const what =
        intention.stage === "audit"
          ? "this check"
          : metricDefinition(
              intention.analysis.type === "drivers" ? intention.analysis.metric : intention.metrics[0],
            ).label.toLowerCase();
      // With ad cost in the data, what is missing is what the cost is set against: say which column.
      const absent = [...new Set(missing.flatMap((m) => metricInputs(m)))].filter((m) => !data.hasMetric(m));
      if (data.hasMetric("cost") && absent.length > 0 && !absent.includes("cost")) {
        const names = absent.map((m) => metricDefinition(m).label.toLowerCase()).join(" and ");
        return needs(
          what,
          `${names} beside the ad cost, and the data has ad cost but no ${names} — upload ${names} with each paid campaign's cost, or connect Google Ads`,
        );
      }
      return needs(
        what,
        "advertising data — connect Google Ads (or upload ad cost with the conversions and conversion value attributed to each paid campaign)",
      );
    }
    return "not_applicable";
  }
  const days = ctx.data.historyDays();
  const a = intention.analysis;
  // A total's change alone is for data without the dimensions that break it down: a drivers insight states it first.
  if (a.type === "change" && brokenDown(ctx, a.metric)) return "not_applicable";
  const coarse = coarseGrainReason(ctx, a);
  if (coarse) return coarse;
  if ((a.type === "anomalies" || a.type === "segments") && days < UNUSUAL_DAYS_MIN_DATA)
    return a.type === "segments" && a.view === "level_shifts"
      ? needs(
          "watching each segment for level shifts",
          `${UNUSUAL_DAYS_MIN_DATA} days of data to learn its weekly pattern; this project has ${days}`,
        )
      : needs(
          "finding unusual days",
          `${UNUSUAL_DAYS_MIN_DATA} days of data to learn the weekly pattern; this project has ${days}`,
        );
  if (a.type === "anomalies") {
    const sparse = sparseCounts(ctx, intention.metrics[0]);
    if (sparse) return sparse;
  }
  if (a.type === "trend" && days < CHANGE_POINT_MIN_DATA)
    return needs("finding level shifts", `${CHANGE_POINT_MIN_DATA} days of data; this project has ${days}`);
  if (a.type === "trend") {
    const sparse = sparseLevels(ctx, a.metric);
    if (sparse) return sparse;
  }
  if (a.type === "change" || a.type === "drivers" || a.type === "funnel") return comparisonGap(ctx, intention);
  return null;
}

/**
 * Why the site's days of `metric` cannot be judged one by one: too few events a day behind them (the count itself,
 * or the orders or clicks behind money) over the period and the seven weeks before it that its forecast reads.
 * A site with a lead every fourth day read "Leads on Oct 3, 2026 were 1, above the expected range of 0 to 0".
 * A count is judged as a count from MIN_COUNT_PER_DAY_COUNTED a day (detectors/count-days.ts); money, made of a few
 * amounts of any size a day, needs MIN_COUNT_PER_DAY of the counts behind it.
 */
function sparseCounts(ctx: EngineContext, metric: string | undefined): NotRun | null {
  if (!metric) return null;
  const floor = COUNT_BEHIND[metric as PartKey] ? MIN_COUNT_PER_DAY : MIN_COUNT_PER_DAY_COUNTED;
  return tooFewEvents(ctx, metric, floor, `a single day's ${label(metric)}`);
}

/**
 * Why the site's level of `metric` cannot be followed: fewer than MIN_COUNT_PER_DAY_SHIFTS events a day behind it (as
 * a segment's level shifts need), where most days are 0, 1 or 2 and a "new level" is a run of chance.
 */
function sparseLevels(ctx: EngineContext, metric: string): NotRun | null {
  return tooFewEvents(ctx, metric, MIN_COUNT_PER_DAY_SHIFTS, `a lasting change in ${label(metric)}`);
}

/** "{what} can be told apart from chance only with about {floor} {events} a day; …", or null above it. */
function tooFewEvents(ctx: EngineContext, metric: string, floor: number, what: string): NotRun | null {
  const volume = eventsPerDay(ctx, metric);
  if (!volume || volume.perDay >= floor) return null;
  const shown = volume.perDay.toLocaleString("en", { maximumFractionDigits: volume.perDay < 1 ? 2 : 1 });
  return {
    reason: `${what} can be told apart from chance only with about ${floor} ${label(volume.count)} a day; this project has ${shown} a day.`,
    need: null,
  };
}

const label = (metric: string) => metricDefinition(metric).label.toLowerCase();

/**
 * The events a day behind the site's `metric` (the count itself, or the orders or clicks behind money: the largest)
 * over the period and the seven weeks before it; null for a metric that is not a sum of days.
 */
export function eventsPerDay(ctx: EngineContext, metric: string): { count: string; perDay: number } | null {
  if (metricDefinition(metric).kind !== "additive") return null;
  const counts = (COUNT_BEHIND[metric as PartKey] ?? [metric]).filter((c) => ctx.data.hasMetric(c));
  const w = ctx.window;
  const from = addDays(w.periodStart, -FORECAST_HISTORY_DAYS);
  let best: { count: string; perDay: number } | null = null;
  for (const count of counts) {
    const known = ctx.data
      .series(count, from < w.historyStart ? w.historyStart : from, w.periodEnd)
      .flatMap((p) => (p.value === null ? [] : [p.value]));
    if (known.length === 0) continue;
    const perDay = known.reduce((a, b) => a + b, 0) / known.length;
    if (!best || perDay > best.perDay) best = { count, perDay };
  }
  return best;
}

/** Whether a drivers insight of the site type can break `metric`'s change down by a dimension the data holds. */
function brokenDown(ctx: EngineContext, metric: string): boolean {
  return siteTypeIntentions(ctx.project.siteType).some(
    (i) =>
      i.analysis.type === "drivers" &&
      i.analysis.metric === metric &&
      i.metrics.every((m) => ctx.data.hasMetric(m)) &&
      i.dimensions.every((d) => ctx.data.hasDimension(d)),
  );
}

/**
 * Cost per lead and cost per conversion stand in for each other: ad cost is set against whichever of the two the data
 * has beside it. Cost per lead is left out silently when it cannot be read (cost per conversion says what is
 * missing), and cost per conversion when cost per lead can be read (it is reported instead).
 */
function standsIn(ctx: EngineContext, intention: Intention): boolean {
  const metric = intention.analysis.type === "drivers" ? intention.analysis.metric : null;
  return metric === "cpl" || (metric === "cpa" && ctx.data.hasMetric("cpl"));
}

/**
 * Why a day-by-day analysis cannot be made on weekly or monthly data (data_sources.grain): each row is a whole week or
 * month dated by its first day, so an "unusual day", a segment's shift "since Dec 9" or a day's level shift would be
 * a claim about a day the data does not have. A total is judged at its own source's grain, so Search Console by day
 * keeps its days beside a store's weekly export; the segments are watched on the daily sources alone. The periods'
 * totals are still compared (comparisonGap counts periods).
 */
function coarseGrainReason(ctx: EngineContext, a: Intention["analysis"]): NotRun | null {
  if (a.type !== "anomalies" && a.type !== "segments" && a.type !== "trend") return null;
  const grain =
    a.type === "segments" ? finestGrain(ctx.project, ctx.data) : grainOfMetric(ctx.project, ctx.data, a.metric);
  if (grain === "day") return null;
  const { adjective, noun } = GRAIN_WORDS[grain];
  const unusualDays = a.type === "anomalies" || (a.type === "segments" && a.view === "anomalies");
  const what = unusualDays ? "finding unusual days" : "finding the day a level changed";
  // Beside a daily source, the sentence names the source the metric comes from: the project's other data has its days.
  const source = a.type === "segments" ? null : ctx.data.sourceFor(metricParts(a.metric));
  const name = source ? ctx.project.sourceNames?.[source] : undefined;
  if (a.type === "segments" || finestGrain(ctx.project, ctx.data) !== "day" || !name)
    return needs(
      what,
      "daily data",
      `; this project's data is ${adjective} (each row a ${noun}), so no single day can be judged`,
    );
  const metric = label(a.metric);
  const verb = wasOrWere(a.metric) === "were" ? "are" : "is";
  return needs(
    what,
    "daily data",
    `; ${metric} ${verb} read from “${name}”, whose data is ${adjective} (each row a ${noun}), so no single day of it can be judged`,
  );
}

/** The whole weeks or months from `from` to `to` (a period of 28 days holds 4 weeks; a partial one counts as one). */
function periodsBetween(from: string, to: string, grain: Grain): number {
  if (grain === "week") return Math.max(1, Math.round(daysBetween(from, to) / 7));
  const months =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
  return months + 1;
}

/** Why the period-over-period comparison of `intention` cannot be made, or null when it can. */
function comparisonGap(ctx: EngineContext, intention: Intention): NotRun | null {
  const metric = intention.metrics[0];
  if (!metric) return null;
  const w = ctx.window;
  const comparison = `the comparison period (${formatDate(w.comparisonStart)} to ${formatDate(w.comparisonEnd)})`;
  const periods = [
    { name: comparison, from: w.comparisonStart, to: w.comparisonEnd },
    {
      name: `the report period (${formatDate(w.periodStart)} to ${formatDate(w.periodEnd)})`,
      from: w.periodStart,
      to: w.periodEnd,
    },
  ];
  const undefinedIn = undefinedRatio(ctx, metric, periods);
  if (undefinedIn) return undefinedIn;
  if (ctx.data.periodTotals(metric).baseline === null)
    return { reason: `${comparison} has no data to compare with.`, need: null };
  const grain = grainOfMetric(ctx.project, ctx.data, metric);
  for (const { name, from, to } of periods) {
    if (grain !== "day") {
      // Weekly or monthly rows: each is dated by its period's first day, so the periods are counted, not the days.
      const expected = periodsBetween(from, to, grain);
      const imported = ctx.data.importedDays(metric, from, to);
      if (imported < MIN_PERIOD_COVERAGE * expected)
        return {
          reason: `${name} has data for only ${imported} of its ${expected} ${GRAIN_WORDS[grain].plural}, so a change between the periods would measure the missing ${GRAIN_WORDS[grain].plural}.`,
          need: null,
        };
      continue;
    }
    const days = daysBetween(from, to);
    const imported = ctx.data.importedDays(metric, from, to);
    if (imported < MIN_PERIOD_COVERAGE * days)
      return {
        reason: `${name} has data on only ${imported} of its ${days} days, so a change between the periods would measure the missing days.`,
        need: null,
      };
  }
  return null;
}

/**
 * Why a ratio cannot be compared although its period has data: nothing to divide by in one of the periods (no
 * transactions for the average order value, no sessions for a rate). A shop whose orders were all zero read "the
 * comparison period has no data to compare with" beside a month of visits.
 */
function undefinedRatio(
  ctx: EngineContext,
  metric: string,
  periods: readonly { name: string; from: string; to: string }[],
): NotRun | null {
  const def = metricDefinition(metric);
  if (def.kind !== "ratio") return null;
  const [, denominator] = metricParts(def);
  for (const { name, from, to } of periods) {
    const known = ctx.data.series(denominator, from, to).filter((p) => p.value !== null);
    if (known.length > 0 && known.every((p) => p.value === 0))
      return needs(label(metric), label(denominator), `, and ${name} had none`);
  }
  return null;
}

/** Days of data the project has before the report period. */
export function historyBefore(ctx: EngineContext): number {
  const period = dayNumber(ctx.window.periodEnd) - dayNumber(ctx.window.periodStart) + 1;
  return Math.max(0, ctx.data.historyDays() - period);
}
