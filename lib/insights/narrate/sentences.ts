import { DATE_LOCALE, addDays, dayNumber, formatIsoDate } from "@/lib/dates";
import { listed, weekdaysOf } from "@/lib/insights/weekdays";
import { dimensionLabel, dimensionPlural } from "@/lib/catalogue/dimensions";
import { METRICS } from "@/lib/insights/metrics";
import { wasOrWere } from "@/lib/catalogue/metrics";
import {
  countedLabel,
  isDailyAmount,
  ownRatesClause,
  readsPerDay,
  smallAmountDigits,
} from "@/lib/insights/format-values";
import { isCampaignName } from "@/lib/insights/ad-metrics";
import { withoutCampaign } from "./analyst";
import { estimatedDaysClause } from "@/lib/insights/period-estimate";
import { beyondSeason } from "@/lib/insights/season";
import { daysRun, type DaysRun } from "@/lib/insights/days-in-a-row";
import { downIsGood, isSpend, movedWithResults } from "./sense";
import { factorsSentence, type WithFactors } from "./factors";
import { SEAM_CAUSE, seamLine } from "@/lib/catalogue/analytics-generations";
import type { Explanation, LegacyFinding as Finding, MovedFrom, MovedTo } from "./legacy-fields";
import type { Results } from "../finding";

// Plain-language sentences generated from a finding's numbers — never the other way round, and
// never a number the finding does not hold. Units follow the metric catalogue: counts as integers
// with thousands separators, money through Intl.NumberFormat in the project's currency, rates as
// percentages, relative changes as signed percentages with one decimal, dates like "Mar 3, 2026".

/** A segment as sentences name it: its dimension's display name and the value ("Campaign “Generic - Boots”"). */
function segmentName(dimension: string | null, value: string | null): string {
  // GA's "(direct)" or "(organic)" in the campaign dimension is traffic no campaign brought, not a campaign.
  if (dimension === "campaign" && !isCampaignName(value ?? "")) {
    const name = withoutCampaign(value ?? "");
    return name.charAt(0).toUpperCase() + name.slice(1);
  }
  return `${dimensionLabel(dimension ?? "")} “${value ?? "(not set)"}”`;
}

/** A dimension's display name inside a sentence ("landing page", never `landingPage`). */
const lowerLabel = (dimension: string | null) => dimensionLabel(dimension ?? "").toLowerCase();

export interface NarrativeContext {
  /** ISO 4217 code of the project's currency, e.g. "USD". */
  currency: string;
  locale?: string;
  /** The finding's event (its segment's step or day in another metric) has had its effect on the KPI said already. */
  effectTold?: boolean;
  /** The segment shift that explains the finding has been named with its weekdays already (summary.ts). */
  shiftTold?: boolean;
}

type Unit = "count" | "currency" | "percent" | "rank" | "ratio";

function unitOf(metric: string): Unit {
  return METRICS.find((m) => m.key === metric)?.unit ?? "count";
}

function labelOf(metric: string): string {
  return METRICS.find((m) => m.key === metric)?.label.toLowerCase() ?? metric;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One Intl.NumberFormat per locale and options, reused: building one costs far more than formatting with it. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function formatDate(date: string, locale = DATE_LOCALE): string {
  return formatIsoDate(date, { month: "short", day: "numeric", year: "numeric" }, locale);
}

/** A value in the metric's unit; `perDay` values (levels, slopes) keep one decimal for counts. */
export function formatValue(
  value: number,
  unit: Unit,
  ctx: NarrativeContext,
  precise = false,
  percentDigits = 1,
): string {
  const locale = ctx.locale ?? "en-US";
  switch (unit) {
    case "currency":
      return numberFormat(locale, {
        style: "currency",
        currency: ctx.currency,
        ...smallAmountDigits(value, ctx.currency),
      }).format(value);
    case "percent":
      return numberFormat(locale, {
        style: "percent",
        minimumFractionDigits: percentDigits,
        maximumFractionDigits: percentDigits,
      }).format(value);
    case "rank":
      // One decimal, as Search Console shows a position, and alike in a sentence ("41.5 to 39.3", not "41.52 to 39.3").
      return numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
    case "ratio":
      return numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(value);
    default:
      return numberFormat(locale, { maximumFractionDigits: precise ? 1 : 0 }).format(value);
  }
}

/** A relative change with sign and one decimal: "+12.3%", "-4.0%". */
export function formatChangePct(fraction: number, locale = "en-US"): string {
  return numberFormat(locale, {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(fraction);
}

/**
 * Decimals that show two rates apart (1 to 3): "rose from 4.0% to 4.0%, 0.0 pp" says nothing,
 * "rose from 4.03% to 4.05%, +0.02 pp" says what moved.
 */
export function percentDigitsApart(a: number | null, b: number | null, showsDifference = true): number {
  if (a === null || b === null || a === b) return 1;
  for (let digits = 1; digits < 3; digits++) {
    const scale = 10 ** (digits + 2);
    // The two rates and their difference in points must all show, and the difference must be the one the two rates
    // read as ("1.2% to 1.0%, -0.1 pp" looked like a slip: 1.15% to 1.04%, -0.11 pp).
    const shown = Math.abs(Math.round(a * scale) - Math.round(b * scale));
    const difference = Math.round(Math.abs(a - b) * scale);
    if (shown !== 0 && difference >= 1 && (!showsDifference || shown === difference)) return digits;
  }
  return 3;
}

/** A signed difference in the metric's unit ("+1,234", "-$56.00"); rates in percentage points. */
function formatDelta(value: number, unit: Unit, ctx: NarrativeContext, precise = false, percentDigits = 1): string {
  const locale = ctx.locale ?? "en-US";
  if (unit === "percent") {
    const points = numberFormat(locale, {
      minimumFractionDigits: percentDigits,
      maximumFractionDigits: percentDigits,
      signDisplay: "exceptZero",
    }).format(value * 100);
    return `${points} pp`;
  }
  const sign = value > 0 ? "+" : value < 0 ? "-" : "";
  return `${sign}${formatValue(Math.abs(value), unit, ctx, precise)}`;
}

function range(f: Finding, ctx: NarrativeContext): string {
  return f.periodStart === f.periodEnd
    ? `on ${formatDate(f.periodStart, ctx.locale)}`
    : `from ${formatDate(f.periodStart, ctx.locale)} to ${formatDate(f.periodEnd, ctx.locale)}`;
}

function pct(f: Finding, ctx: NarrativeContext): string {
  return f.changePct === null ? "" : ` (${formatChangePct(f.changePct, ctx.locale)})`;
}

function segment(f: Finding & { sameRowsAs?: { dimension: string; dimensionValue: string }[] }): string {
  if (!f.dimension || f.dimensionValue === null) return "";
  const same = f.sameRowsAs?.map((s) => segmentName(s.dimension, s.dimensionValue)) ?? [];
  const also = same.length === 0 ? "" : ` (the same traffic as ${listed(same)})`;
  return ` for ${segmentName(f.dimension, f.dimensionValue)}${also}`;
}

/**
 * " Medium “cpc” (+£411.36 a day) and Source “google” (+£402.93 a day) moved by about as much the same day: …": the
 * wider segments whose change was most likely this one's (segment-watch.ts, foldSameEvent).
 */
function sameEventNote(f: Finding & Record<string, unknown>, unit: Unit, ctx: NarrativeContext): string {
  const wider = (f.sameEventAs ?? []) as { dimension: string; dimensionValue: string; change: number }[];
  if (wider.length === 0) return "";
  return ` ${listed(withChanges(wider, f, unit, ctx))} moved by about as much the same day: most likely this change, seen in wider segments.`;
}

/** "Country “Germany” (−58 a day)": each segment named with its own change, in the finding's unit. */
function withChanges(
  segments: { dimension: string; dimensionValue: string; change: number; metric?: string }[],
  f: Finding,
  unit: Unit,
  ctx: NarrativeContext,
): string[] {
  return segments.map((w) => {
    // Another metric than the finding's is named with its own unit ("+161 sessions a day").
    const [u, label] = w.metric ? [unitOf(w.metric), ` ${labelOf(w.metric)}`] : [unit, ""];
    const perDay = readsPerDay(f.kind, u, w.metric ?? f.metric) ? " a day" : "";
    return `${segmentName(w.dimension, w.dimensionValue)} (${formatDelta(w.change, u, ctx)}${label}${perDay})`;
  });
}

/**
 * " Country “United States” (−165 a day) and Country “Germany” (−58 a day) moved with it within days, by less: …": the
 * segments of other dimensions whose change was most likely their part of this one (fold-moved-with.ts).
 */
function movedWithNote(f: Finding & Record<string, unknown>, unit: Unit, ctx: NarrativeContext): string {
  const parts = (f.movedWith ?? []) as { dimension: string; dimensionValue: string; change: number; metric?: string }[];
  if (parts.length === 0) return "";
  // How many it counts instead of naming is the finding's own field, set where the model folded them in.
  const others = typeof f.movedWithOthers === "number" ? f.movedWithOthers : 0;
  const named = withChanges(parts.slice(0, parts.length - others), f, unit, ctx);
  if (others > 0) named.push(`${others} other segments`);
  const when = f.kind === "anomaly" ? "the same day" : weekdaysOf(f) ? "on the same days" : "within days";
  const their = parts.length === 1 ? "its" : "their";
  return ` ${listed(named)} moved with it ${when}, by less: most likely ${their} part of this change, as the site's total moved mostly with this segment.`;
}

/** " in “Ads export”": a total read from one of the project's sources, not the site's (engine/analyses/drivers.ts). */
const scopeOf = (f: Finding & { scope?: unknown }) => (typeof f.scope === "string" ? ` in “${f.scope}”` : "");

const confidenceText = (f: Finding) => `${Math.round(f.confidence * 100)}% confidence`;

/** One sentence for a finding; extra detector fields (share of change, fromMetric) are used when present. */
export function describeFinding(finding: Finding, ctx: NarrativeContext): string {
  return (
    baseSentence(finding, ctx) +
    explained(finding, ctx) +
    mixAndRate(finding, ctx) +
    factorsNote(finding, ctx) +
    idleTrafficNote(finding, ctx) +
    trackingChangeNote(finding, ctx) +
    siblingShiftsNote(finding) +
    movedToNote(finding, ctx) +
    movedFromNote(finding, ctx) +
    kpiImpact(finding, ctx) +
    goodOrBad(finding, ctx)
  );
}

/**
 * Unusual days of one series in a row (a week's promotion, five days of a spent ad budget; detectors/episodes.ts keeps
 * them out of the level shift scan), told in one sentence in the summary: "Sessions for Channel “Paid Search” were
 * below the expected range on 5 days in a row, from Nov 5 to Nov 9, 2026: about 245 a day against about 506
 * expected (-51.6%)." Each day keeps its own sentence in the evidence. Listed one by one and in order of effect, the
 * days read "Nov 9 … Nov 6 … Nov 5 … Nov 8", each with its own range. `run`: in date order, same metric, segment and
 * direction.
 */
export function describeRun(run: readonly Finding[], ctx: NarrativeContext): string {
  const f = run[0];
  const unit = unitOf(f.metric);
  const label = labelOf(f.metric);
  const told = daysRun(run);
  const { current: actual, baseline: expected } = told;
  const digits = unit === "percent" ? percentDigitsApart(expected, actual) : 1;
  const v = (x: number) => formatValue(x, unit, ctx, false, digits);
  // A count or an amount is a day's; a rate or an average order value is an average of the days.
  const perDay = isDailyAmount(unit, f.metric);
  const side = f.direction === "up" ? "above" : "below";
  const change = told.changePct !== null ? ` (${formatChangePct(told.changePct, ctx.locale)})` : "";
  const days = `from ${formatDate(told.from, ctx.locale)} to ${formatDate(told.to, ctx.locale)}`;
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}${segment(f)} ${wasOrWere(f.metric)} ${side} the expected range on ${told.days} days in a row, ${days}: about ${v(actual)}${perDay ? " a day" : " on average"} against about ${v(expected)} expected${change}.${runExplained(run, ctx)}${runKpiImpact(run, told, ctx)}`;
}

/** "Channel “Paid Search” accounted for 83% to 100% of the drop on each day.": when each day names that segment. */
function runExplained(run: readonly Finding[], ctx: NarrativeContext): string {
  const of = (x: Finding) => (x as Finding & { explainedBy?: Explanation }).explainedBy;
  const first = of(run[0]);
  if (
    !first ||
    !run.every((x) => of(x)?.dimension === first.dimension && of(x)?.dimensionValue === first.dimensionValue)
  )
    return "";
  const shares = run.map((x) => of(x)!.share);
  const format = (x: number) =>
    numberFormat(ctx.locale ?? "en-US", { style: "percent", maximumFractionDigits: 0 }).format(x);
  const [low, high] = [format(Math.min(...shares)), format(Math.max(...shares))];
  const what = run[0].direction === "up" ? "rise" : "drop";
  return ` ${segmentName(first.dimension, first.dimensionValue)} accounted for ${low === high ? low : `${low} to ${high}`} of the ${what} on each day.`;
}

/** The days' effects on the KPI, summed. */
function runKpiImpact(run: readonly Finding[], told: DaysRun, ctx: NarrativeContext): string {
  const f = run[0] as Finding & { kpiMetric?: string | null };
  const total = told.kpiEffect;
  if (!total || !f.kpiMetric || (f.dimension === null && f.metric === f.kpiMetric)) return "";
  const effect = kpiEffectText(total, f.kpiMetric, ctx);
  return effect ? ` Estimated effect over the period: ${effect}.` : "";
}

/**
 * For metrics where down is good (CPC, CPA, position), says which way the news is: once, on the total or the segment
 * that moved (a driver is a part of the total's change, already told). Ad spend has no good way (sense.ts): its fall
 * to about none is told as ads that stopped serving, never as "an improvement".
 */
function goodOrBad(f: Finding, ctx: NarrativeContext): string {
  if (f.kind === "audit" || f.kind === "funnel" || f.kind === "driver" || f.direction === null) return "";
  if (isSpend(f.metric)) return stoppedServing(f, ctx);
  if (!downIsGood(f.metric)) return "";
  const results = (f as Finding & { results?: Results }).results;
  if (movedWithResults(f.metric, f.direction, results)) return boughtMoreOrLess(f.direction, results!, ctx);
  const label = labelOf(f.metric);
  return f.direction === "down"
    ? ` An improvement: lower ${label} is better.`
    : ` A deterioration: lower ${label} is better.`;
}

/**
 * A cost per result that moved with its results (sense.ts movedWithResults): " Not an improvement by itself: clicks
 * fell too (-38.2%), fewer and cheaper, as a budget cut or a campaign winding down buys."
 */
function boughtMoreOrLess(direction: "up" | "down", results: Results, ctx: NarrativeContext): string {
  const what = labelOf(results.metric);
  const change = formatChangePct(results.changePct!, ctx.locale);
  return direction === "down"
    ? ` Not an improvement by itself: ${what} fell too (${change}), fewer and cheaper, as a budget cut or a campaign winding down buys.`
    : ` Not a deterioration by itself: ${what} rose too (${change}), more and dearer, as a larger budget buys.`;
}

/** Spend at this share of what it was or less has stopped: a pause, a spent budget, a disapproved ad. */
const STOPPED_SPEND_SHARE = 0.05;

/** " The ads stopped serving: …" for a level or a period of spend that fell to about none; "" otherwise. */
function stoppedServing(f: Finding, ctx: NarrativeContext): string {
  if ((f.kind !== "level_shift" && f.kind !== "change") || f.direction !== "down") return "";
  const before = f.baseline ?? 0;
  const after = f.current ?? before;
  if (!(before > 0) || after > STOPPED_SPEND_SHARE * before) return "";
  const who = f.dimension ? segmentName(f.dimension, f.dimensionValue) : "The ads";
  return ` ${who} stopped serving (spend fell to ${formatValue(Math.max(0, after), "currency", ctx)}${f.kind === "level_shift" ? " a day" : ""}): a pause or a spent budget, not a saving.`;
}

/**
 * "Of the drop, -120 conversions came from traffic (sessions -8.0%) and -300 from the rate (3.0% →
 * 2.1%)." — whether a segment lost visitors or converts them worse (segment-watch.ts). A level
 * shift's parts are daily levels ("-5 conversions a day").
 */
function mixAndRate(finding: Finding, ctx: NarrativeContext): string {
  const m = (finding as Finding & { mixRate?: MixRate }).mixRate;
  if (!m) return "";
  const unit = unitOf(finding.metric);
  const what = finding.direction === "up" ? "rise" : "drop";
  const traffic =
    m.volumeChangePct === null ? "" : ` (${labelOf(m.volumeMetric)} ${formatChangePct(m.volumeChangePct, ctx.locale)})`;
  const digits = percentDigitsApart(m.rateBefore, m.rateAfter, false);
  const rate = (x: number) =>
    unit === "currency"
      ? `${formatValue(x, "currency", ctx)} per ${labelOf(m.volumeMetric).replace(/s$/, "")}`
      : formatValue(x, "percent", ctx, false, digits);
  // A count names what it counts once, on the first part that is a number; a level shift's parts are daily levels.
  const per = finding.kind === "level_shift" ? " a day" : "";
  let named = unit !== "count";
  const part = (x: number) => {
    const text = partOf(formatDelta(x, unit, ctx));
    if (text === NOTHING) return text;
    const label = named ? "" : ` ${countedLabel(finding.metric, text)}`;
    named = true;
    return `${text}${label}${per}`;
  };
  const byTraffic = part(m.volumeEffect);
  const byRate = part(m.rateEffect);
  // Revenue with its orders: traffic, the conversion rate and the order value.
  if (m.valueEffect !== undefined && m.valueBefore !== undefined && m.valueAfter !== undefined) {
    const conversion = (x: number) =>
      formatValue(x, "percent", ctx, false, percentDigitsApart(m.rateBefore, m.rateAfter, false));
    const value = (x: number) => `${formatValue(x, "currency", ctx)} per order`;
    return ` Of the ${what}, ${byTraffic} came from traffic${traffic}, ${byRate} from the conversion rate (${conversion(m.rateBefore)} → ${conversion(m.rateAfter)}) and ${part(m.valueEffect)} from the order value (${value(m.valueBefore)} → ${value(m.valueAfter)}).`;
  }
  // Clicks are split between their impressions and their click-through rate, cost between its clicks and the cost per
  // click; outcomes between traffic and the rate.
  const [volumeWord, rateWord] =
    m.volumeMetric === "impressions"
      ? ["impressions", "the click-through rate"]
      : finding.metric === "cost"
        ? ["clicks", "the cost per click"]
        : ["traffic", "the rate"];
  return ` Of the ${what}, ${byTraffic} came from ${volumeWord}${traffic} and ${byRate} from ${rateWord} (${rate(m.rateBefore)} → ${rate(m.rateAfter)}).`;
}

/**
 * " Clicks fell because the click-through rate fell from 0.31% to 0.24% while impressions rose 8.0%: -1,101 clicks
 * came from the click-through rate and +317 from impressions." A total's change split by its identity (factors.ts).
 */
function factorsNote(finding: Finding, ctx: NarrativeContext): string {
  const f = finding as Finding & WithFactors;
  if (f.kind !== "change" || f.dimension) return "";
  const text = factorsSentence(f, {
    value: (metric, v) => formatValue(v, unitOf(metric), ctx, false, 2),
    change: (metric, v) => formatDelta(v, unitOf(metric), ctx),
    pct: (fraction) => formatChangePct(fraction, ctx.locale),
  });
  return text ? ` ${text}` : "";
}

/**
 * " The extra sessions brought no more revenue than usual: €1,180.50 that day against about €1,120.30 on that
 * weekday, most likely visits that are not customers (bots, a crawler, a tracking error)." (segment-watch.ts)
 */
function idleTrafficNote(finding: Finding, ctx: NarrativeContext): string {
  const idle = (finding as Finding & { idleTraffic?: { metric: string; actual: number; usual: number } }).idleTraffic;
  if (!idle) return "";
  const unit = unitOf(idle.metric);
  const value = (x: number) => formatValue(x, unit, ctx, unit === "currency");
  const counted = unit === "count" ? ` ${countedLabel(idle.metric, value(idle.actual))}` : "";
  return ` The extra ${labelOf(finding.metric)} brought no more ${labelOf(idle.metric)} than usual: ${value(idle.actual)}${counted} that day against about ${value(idle.usual)} on that weekday, most likely visits that are not customers (bots, a crawler, a tracking error).`;
}

/**
 * "Sessions rose by 99.8% on Nov 11, 2026 (about 2,080 to 4,156 a day) in every channel and device at once, while
 * revenue did not follow (+1.2% against the same weekdays before): …" (engine/tracking-change.ts)
 */
function trackingChangeSentence(f: Finding & Record<string, unknown>, ctx: NarrativeContext): string {
  const up = f.direction === "up";
  const outcome = String(f.outcomeMetric);
  const dimensions = Array.isArray(f.dimensions) ? (f.dimensions as string[]).map((d) => lowerLabel(d)) : [];
  const everywhere = dimensions.length ? ` in every ${listed(dimensions)} at once` : "";
  const outcomeChange =
    typeof f.outcomeChangePct === "number"
      ? ` (${formatChangePct(f.outcomeChangePct, ctx.locale)} against the same weekdays before)`
      : "";
  const date = formatDate(f.periodStart, ctx.locale);
  const causes = up
    ? "the analytics tag installed twice, a filter removed"
    : "a consent banner, the tag missing from some pages, a new filter";
  return `${labelOf(f.metric).charAt(0).toUpperCase()}${labelOf(f.metric).slice(1)} ${up ? "rose" : "fell"} by ${formatChangePct(Math.abs(f.changePct ?? 0), ctx.locale).replace(/^\+/, "")} on ${date} (about ${formatValue(f.baseline ?? 0, "count", ctx)} to ${formatValue(f.current ?? 0, "count", ctx)} a day)${everywhere}, while ${labelOf(outcome)} did not follow${outcomeChange}: most likely a change in tracking (${causes}), not ${up ? "new" : "lost"} visitors. Check the site's tags; from ${date} on, ${labelOf(f.metric)} and the rates per session are not comparable with the days before.`;
}

/**
 * "Jan 1, 2023 – Jun 30, 2023 from Universal Analytics exports, Jul 1, 2023 on from Google Analytics 4. GA4 counts
 * sessions differently from Universal Analytics (…): about 1,204 sessions a day before, 1,050 after. …"
 * (engine/analytics-seam.ts)
 */
function seamSentence(f: Finding & Record<string, unknown>, ctx: NarrativeContext): string {
  const date = formatDate(f.periodStart, ctx.locale);
  const levels =
    typeof f.baseline === "number" && typeof f.current === "number"
      ? `: about ${formatValue(f.baseline, "count", ctx)} ${labelOf(f.metric)} a day before, ${formatValue(f.current, "count", ctx)} after`
      : "";
  return `${seamLine(f, (d) => formatDate(d, ctx.locale))}. ${SEAM_CAUSE}${levels}. So a change across ${date} is the change of source, not of the site's traffic: this report tells none as a finding.`;
}

/** " All 6 queries watched shifted the same way within a day of it: …" (engine/analyses/sibling-shifts.ts) */
function siblingShiftsNote(finding: Finding): string {
  const siblings = (finding as Finding & { siblingShifts?: { count: number; watched: number } }).siblingShifts;
  if (!siblings) return "";
  const label = lowerLabel(finding.dimension);
  const plural = dimensionPlural(finding.dimension);
  const how =
    siblings.count === siblings.watched ? `All ${siblings.count}` : `${siblings.count} of the ${siblings.watched}`;
  return ` ${how} ${plural} watched shifted the same way within a day of it: most likely a change of the whole site, not of one ${label}.`;
}

/**
 * " The same day Channel “Organic Social” began with about 195 sessions a day: most likely the same sessions under a
 * new name …": where a segment's lost level went (engine/analyses/moved-segments.ts).
 */
function movedToNote(finding: Finding, ctx: NarrativeContext): string {
  const to = (finding as Finding & { movedTo?: MovedTo }).movedTo;
  if (!to) return "";
  const unit = unitOf(finding.metric);
  const about = (x: number) => formatValue(x, unit, ctx);
  const label = labelOf(finding.metric);
  const aDay = readsPerDay(finding.kind, unit, finding.metric) ? " a day" : "";
  const when = dayBeside(to.date, finding.periodStart, ctx);
  const other = segmentName(to.dimension, to.dimensionValue);
  const level = to.same ? `about as ${unit === "currency" ? "much" : "many"}` : `about ${about(to.after)}`;
  if (to.before === 0)
    return ` ${upperFirst(when)} ${other} began with ${level} ${label}${aDay}: most likely the same ${label} under a new name (a renamed ${lowerLabel(to.dimension)}, campaign tag or channel grouping), not ${label} lost.`;
  // Another metric of the segment whose traffic moved: what that traffic brought where it went.
  if (to.with) {
    const kpi = (finding as Finding & { kpiMetric?: string | null }).kpiMetric;
    const brought = kpi && to.gainPerDay ? kpiEffectText(to.gainPerDay, kpi, ctx).replace(/^\+/, "") : "";
    return ` Its ${labelOf(to.with)} went to ${other} ${when}${brought ? `, where they brought about ${brought} a day` : ""}.`;
  }
  return ` ${upperFirst(when)} ${other} rose from about ${about(to.before)} to ${about(to.after)} ${label}${aDay}: most likely the same ${label} counted there instead (tags or the channel grouping changed, or a campaign paused while another took its visitors), not ${label} lost.`;
}

/** "the same day", "the day before", "the day after", or "on Nov 3, 2026": `date` told beside a finding's `day`. */
function dayBeside(date: string, day: string, ctx: NarrativeContext): string {
  const apart = dayNumber(date) - dayNumber(day);
  if (apart === 0) return "the same day";
  if (apart === -1) return "the day before";
  if (apart === 1) return "the day after";
  return `on ${formatDate(date, ctx.locale)}`;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * " Its sessions came from Channel “Paid Search” the same day, where they brought about €360.00 revenue a day.": a
 * segment's rise that came with the traffic another lost (engine/analyses/moved-segments.ts).
 */
function movedFromNote(finding: Finding, ctx: NarrativeContext): string {
  const from = (finding as Finding & { movedFrom?: MovedFrom }).movedFrom;
  if (!from) return "";
  const when = dayBeside(from.date, finding.periodStart, ctx);
  const kpi = (finding as Finding & { kpiMetric?: string | null }).kpiMetric;
  const brought = kpi ? kpiEffectText(-from.lostPerDay, kpi, ctx).replace(/^\+/, "") : "";
  const there = brought ? `, where they brought about ${brought} a day` : "";
  return ` Its ${labelOf(from.with)} came from ${segmentName(from.dimension, from.dimensionValue)} ${when}${there}.`;
}

/** " From Nov 11, 2026 sessions are counted differently …": a finding that reads them across a tracking change. */
function trackingChangeNote(finding: Finding, ctx: NarrativeContext): string {
  const change = (finding as Finding & { trackingChange?: { date: string } }).trackingChange;
  if (!change) return "";
  return ` From ${formatDate(change.date, ctx.locale)} sessions are counted differently (see “Tracking gaps” in the Data Quality Audit): this change comes from the tracking, not from visitors.`;
}

/** A part of a change that rounds to nothing says so ("+0 came from traffic" reads as a typo). */
const NOTHING = "almost nothing";
const partOf = (text: string) => (/^[+-]?[^1-9]*$/.test(text) ? NOTHING : text);

/**
 * A ratio driver's contribution split (detectors/drivers.ts): ": -0.55 pp from its larger share of
 * sessions (9.2% → 35.9%), -0.02 pp from its own conversion rate (0.5% → 0.4%)", the larger part
 * first (to two decimals, as the contribution they split), so "conversion rate fell" says
 * whether traffic moved to a weaker segment or the segment itself got worse.
 */
function driverSplit(f: Finding & Record<string, unknown>, ctx: NarrativeContext): string {
  const { mixEffect: mix, performanceEffect: performance, shareBefore, shareAfter } = f;
  const def = METRICS.find((m) => m.key === f.metric);
  if (typeof mix !== "number" || typeof performance !== "number" || def?.kind !== "ratio") return "";
  if (typeof shareBefore !== "number" || typeof shareAfter !== "number") return "";
  const unit = unitOf(f.metric);
  const share = (x: number) =>
    formatValue(x, "percent", ctx, false, percentDigitsApart(shareBefore, shareAfter, false));
  const digits = unit === "percent" ? percentDigitsApart(f.baseline, f.current) : 1;
  const v = (x: number | null) => (x === null ? "n/a" : formatValue(x, unit, ctx, false, digits));
  const larger = shareAfter > shareBefore ? "larger" : shareAfter < shareBefore ? "smaller" : "unchanged";
  // No denominator in either period (a campaign's cost without a conversion): there is no share to speak of.
  const mixText =
    shareBefore === 0 && shareAfter === 0
      ? `from ${labelOf(def.numerator)} without ${labelOf(def.denominator)}`
      : `from its ${larger} share of ${labelOf(def.denominator)} (${share(shareBefore)} → ${share(shareAfter)})`;
  const parts = [
    { size: Math.abs(mix), text: `${partOf(formatDelta(mix, unit, ctx, false, 2))} ${mixText}` },
    // A segment new (or gone) in one period has no rate there: its whole contribution is mix.
    ...(f.baseline === null || f.current === null
      ? []
      : [
          {
            size: Math.abs(performance),
            text: `${partOf(formatDelta(performance, unit, ctx, false, 2))} from its own ${labelOf(f.metric)} (${v(f.baseline)} → ${v(f.current)})`,
          },
        ]),
  ].sort((a, b) => b.size - a.size);
  return `: ${parts.map((p) => p.text).join(", ")}`;
}

interface MixRate {
  volumeMetric: string;
  volumeEffect: number;
  rateEffect: number;
  rateBefore: number;
  rateAfter: number;
  volumeChangePct: number | null;
  valueEffect?: number;
  valueBefore?: number;
  valueAfter?: number;
}

/** "; 80% of the drop came from Channel “Display”" when one segment carries most of a total's change. */
function explained(finding: Finding, ctx: NarrativeContext): string {
  const e = (finding as Finding & { explainedBy?: Explanation }).explainedBy;
  if (!e) return "";
  // Beside the season's prediction the outcome's effect, which the segment's was compared with, is the part the
  // season did not predict: a rise smaller than the season's is explained as a shortfall, not as the rise.
  const beyond = beyondSeason(finding);
  const what =
    beyond !== null
      ? beyond < 0
        ? "shortfall against the season"
        : "gain beyond the season"
      : finding.direction === "up"
        ? "rise"
        : "drop";
  const share = numberFormat(ctx.locale ?? "en-US", { style: "percent", maximumFractionDigits: 0 }).format(e.share);
  // A day of a shift only some weekdays took is that shift's: named, so the day is not read as news of its own.
  const days = weekdaysOf(e);
  const theirs =
    days && e.shiftFrom && !ctx.shiftTold ? `, whose ${days} shifted from ${formatDate(e.shiftFrom, ctx.locale)}` : "";
  return ` ${share} of the ${what} came from ${segmentName(e.dimension, e.dimensionValue)}${theirs}.`;
}

/**
 * The estimated effect on the primary KPI over the period, in its unit: segment findings carry it, and a total's
 * change of another metric than the KPI (a conversion rate's fall in revenue).
 */
function kpiImpact(finding: Finding, ctx: NarrativeContext): string {
  const f = finding as Finding & { kpiEffect?: number; kpiMetric?: string | null };
  if (ctx.effectTold || !f.kpiEffect || !f.kpiMetric || (f.dimension === null && f.metric === f.kpiMetric)) return "";
  const effect = kpiEffectText(f.kpiEffect, f.kpiMetric, ctx);
  // A level that moved to another segment: what the two together gained or lost.
  const both =
    (f as { movedTo?: MovedTo }).movedTo || (f as { movedFrom?: MovedFrom }).movedFrom ? ", both together" : "";
  return effect ? ` Estimated effect over the period${both}: ${effect}${ownRatesClause(f)}.` : "";
}

/**
 * An effect on the KPI in its unit: "-1.4 deals won", "-€65,700 revenue". A few deals or leads are told to the
 * tenth ("-0.4 deals won", not "-0 deals won"); an effect that rounds to nothing is "" (not stated).
 */
function kpiEffectText(effect: number, kpiMetric: string, ctx: NarrativeContext): string {
  const unit = unitOf(kpiMetric);
  const amount = formatDelta(effect, unit, ctx, unit === "count" && Math.abs(effect) < 10);
  if (/^[+\-−]?0$/.test(amount)) return "";
  return `${amount} ${countedLabel(kpiMetric, amount)}`;
}

/**
 * A dated finding the season predicts (engine/seasonal-label.ts) says so: the same days a year
 * earlier moved the same way, so it is not news.
 */
function seasonNote(f: Finding & Record<string, unknown>, ctx: NarrativeContext): string {
  const season = f.season as { expected?: boolean; lastYearChangePct?: number; sameCourse?: boolean } | undefined;
  if (!season?.expected || typeof season.lastYearChangePct !== "number") return "";
  // A trend's label compares slopes or halves of the period, a small shift's the weeks around it:
  // no single move to quote.
  if (f.kind === "trend") return " Expected for the season: the same days last year showed the same trend.";
  if (season.sameCourse) return " Expected for the season: the same weeks last year followed the same course.";
  return ` Expected for the season: the same days last year moved ${formatChangePct(season.lastYearChangePct, ctx.locale)}.`;
}

/**
 * "rose" / "fell"; a search position that rises in number falls down the results, and "position
 * rose" reads as a better rank to a search marketer: it worsened.
 */
function directionVerb(metric: string, direction: Finding["direction"]): string {
  if (direction !== "up" && direction !== "down") return "held";
  if (metric === "position") return direction === "up" ? "worsened" : "improved";
  return direction === "up" ? "rose" : "fell";
}

/** Which days a period's total estimated (period-estimate.ts): the reader sees which figures are not counts. */
function estimatedDaysNote(days: unknown, ctx: NarrativeContext): string {
  if (!Array.isArray(days) || days.length === 0) return "";
  const each = days.length === 1 ? "it" : "each";
  return ` ${estimatedDaysClause(days, (d) => formatDate(d, ctx.locale))}: the totals count ${each} at the average of the same weekday in its period.`;
}

function baseSentence(finding: Finding, ctx: NarrativeContext): string {
  const f = finding as Finding & Record<string, unknown>;
  const unit = unitOf(f.metric);
  const label = labelOf(f.metric);
  const Label = label.charAt(0).toUpperCase() + label.slice(1);
  // Rates get the decimals that show the two compared values apart.
  const digits = unit === "percent" ? percentDigitsApart(f.baseline, f.current) : 1;
  const v = (x: number | null, precise = false) => (x === null ? "n/a" : formatValue(x, unit, ctx, precise, digits));
  const verb = directionVerb(f.metric, f.direction);
  switch (f.kind) {
    case "anomaly": {
      const side = f.direction === "up" ? "above" : "below";
      return `${Label}${segment(f)} ${range(f, ctx)} ${wasOrWere(f.metric)} ${v(f.current)}, ${side} the expected range of ${v(f.expectedLow)} to ${v(f.expectedHigh)} (${confidenceText(f)}).${sameEventNote(f, unit, ctx)}${movedWithNote(f, unit, ctx)}${seasonNote(f, ctx)}`;
    }
    case "change": {
      const sig =
        typeof f.pValue === "number"
          ? f.pValue < 1 - f.confidence
            ? `significant at ${confidenceText(f)}`
            : `not significant at ${confidenceText(f)}`
          : "";
      const season = f.season as { expectedCurrent: number; lastYearChangePct: number; expected: boolean } | undefined;
      const beyond = beyondSeason(f) ?? 0;
      const seasonal = !season
        ? ""
        : season.expected
          ? ` Expected for the season: the same weeks last year moved ${formatChangePct(season.lastYearChangePct, ctx.locale)}, which predicts ${v(season.expectedCurrent)}.`
          : ` The season alone predicts ${v(season.expectedCurrent)} (the same weeks last year moved ${formatChangePct(season.lastYearChangePct, ctx.locale)}): ${v(Math.abs(beyond))} ${beyond < 0 ? "short of" : "beyond"} it.`;
      return `${Label}${segment(f)}${scopeOf(f)} ${verb} to ${v(f.current)} ${range(f, ctx)}, ${f.change === null ? "" : formatDelta(f.change, unit, ctx, false, digits)}${pct(f, ctx)} against ${v(f.baseline)} in the comparison period${sig ? `; ${sig}` : ""}.${estimatedDaysNote(f.estimatedDays, ctx)}${seasonal}`;
    }
    case "driver": {
      const share =
        typeof f.shareOfChange === "number"
          ? `, ${formatChangePct(f.shareOfChange, ctx.locale).replace(/^\+/, "")} of the total change`
          : "";
      const split = driverSplit(f, ctx);
      // A rate's contribution to the hundredth of a point its split into share and own rate is given in, so the parts
      // add up to it on the page ("-0.57 pp: -0.55 pp from its larger share, -0.02 pp from its own rate").
      const contribution = f.change === null ? "n/a" : formatDelta(f.change, unit, ctx, false, split ? 2 : 1);
      return `${segmentName(f.dimension, f.dimensionValue)} contributed ${contribution} to the change in ${label} ${range(f, ctx)}${share}${split}.`;
    }
    case "level_shift": {
      const size =
        typeof f.effectSize === "number" ? `, ${Math.abs(f.effectSize).toFixed(1)} times the day-to-day noise` : "";
      // A search position moves by places, and up the results is down in number; "about" a level to one decimal.
      const place = (x: number | null) =>
        x === null
          ? "n/a"
          : numberFormat(ctx.locale ?? "en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x);
      // A stretch (a level that came back, change-points.ts): its days, and the level after them.
      const until = typeof f.until === "string" ? f.until : null;
      // One that began before the report's period says so (a stretch into it, or a step dated a few days before it:
      // change-points.ts `reachesFrom`): its effect counts the period's days of it only.
      const before = f.beforePeriod === true ? " (before this period)" : "";
      const when = until
        ? `from ${formatDate(f.periodStart, ctx.locale)}${before} to ${formatDate(until, ctx.locale)}`
        : `on ${formatDate(f.periodStart, ctx.locale)}${f.beforePeriod === true ? ", just before this period" : ""}`;
      const back = (level: (x: number | null) => string, aDay = "") =>
        until && typeof f.backTo === "number"
          ? `, then came back to about ${level(f.backTo)}${aDay} on ${formatDate(addDays(until, 1), ctx.locale)}`
          : "";
      if (unit === "rank" && f.change !== null)
        return `${Label}${segment(f)} ${directionVerb(f.metric, f.direction)} from about ${place(f.baseline)} to ${place(f.current)} ${when} (${f.change > 0 ? "+" : "-"}${place(Math.abs(f.change))} places)${size}${back(place)}.${sameEventNote(f, unit, ctx)}${movedWithNote(f, unit, ctx)}${seasonNote(f, ctx)}`;
      // A daily level of a count or an amount; a rate is the same on any day.
      const aDay = readsPerDay(f.kind, unit, f.metric) ? " a day" : "";
      // A segment that began in the window (segment-watch.ts): no level before, no percentage.
      if (f.dimension && f.baseline === 0 && f.changePct === null && f.direction === "up") {
        // "Channel “Affiliates” started …: about 295 sessions, 6 transactions and $362.41 revenue a day since".
        const levels = [
          { metric: f.metric, current: f.current ?? 0 },
          ...(Array.isArray(f.alsoStarted) ? f.alsoStarted : []),
        ].map(
          (x: { metric: string; current: number }) =>
            `${formatValue(x.current, unitOf(x.metric), ctx)} ${labelOf(x.metric)}`,
        );
        // One that stopped again: "ran from … to …", and what was left after it.
        const after = typeof f.backTo === "number" && f.backTo >= 0.5 ? f.backTo : 0;
        const ran = until
          ? `ran ${when}, with none before ${after ? `it and about ${v(after)}${aDay} after` : "or after it"}: about ${listed(levels)}${aDay} while it ran${size}`
          : `started on ${formatDate(f.periodStart, ctx.locale)}: about ${listed(levels)}${aDay} since, from none before${size}`;
        return `${segmentName(f.dimension, f.dimensionValue)} ${ran}.${sameEventNote(f, unit, ctx)}${movedWithNote(f, unit, ctx)}${seasonNote(f, ctx)}`;
      }
      const days = weekdaysOf(f);
      if (days) {
        // Only some weekdays took the step (weekday-shift.ts): their levels, and the other days' for contrast.
        const others =
          typeof f.otherDaysLevel === "number"
            ? `; the other days of the week stayed at about ${v(f.otherDaysLevel)}${aDay}`
            : "";
        return `${Label}${segment(f)} on ${days} shifted from about ${v(f.weekdayBaseline as number)} to ${v(f.weekdayCurrent as number)}${aDay} from ${formatDate(f.periodStart, ctx.locale)}${pct(f, ctx)}${size}${others}.${sameEventNote(f, unit, ctx)}${movedWithNote(f, unit, ctx)}${seasonNote(f, ctx)}`;
      }
      return `${Label}${segment(f)} shifted from about ${v(f.baseline)} to ${v(f.current)}${aDay} ${when}${pct(f, ctx)}${size}${back(v, aDay)}.${sameEventNote(f, unit, ctx)}${movedWithNote(f, unit, ctx)}${seasonNote(f, ctx)}`;
    }
    case "trend": {
      if (typeof f.rate === "number") {
        const unitWord = f.rateUnit === "month" ? "month" : "week";
        const p = (x: unknown) => (typeof x === "number" ? formatChangePct(x, ctx.locale) : "n/a");
        const verbRate = f.rate >= 0 ? "grew" : "declined";
        return `${Label}${segment(f)} ${verbRate} by ${p(f.rate).replace(/^[+-]/, "")} per ${unitWord} ${range(f, ctx)} (${confidenceText(f)} interval ${p(f.rateLow)} to ${p(f.rateHigh)} per ${unitWord}).${seasonNote(f, ctx)}`;
      }
      // A slope change as a rate against the level before it: % per week, never currency per day.
      const level = typeof f.level === "number" && f.level > 0 ? f.level : null;
      const slope = (x: number | null) =>
        x === null
          ? "n/a"
          : level !== null
            ? `${formatChangePct((x * 7) / level, ctx.locale)} per week`
            : `${formatDelta(x, unit, ctx, true)} a day`;
      return `The trend in ${label}${segment(f)} changed on ${formatDate(f.periodStart, ctx.locale)}, from ${slope(f.baseline)} to ${slope(f.current)}.${seasonNote(f, ctx)}`;
    }
    case "funnel": {
      const from = typeof f.fromMetric === "string" ? labelOf(f.fromMetric) : "the previous stage";
      // Several of one stage per unit of the previous (pageviews per session) is a ratio, never a
      // percentage above 100 %.
      if ((f.current ?? 0) > 1 || (f.baseline ?? 0) > 1) {
        const per = (x: number | null) => (x === null ? "n/a" : formatValue(x, "ratio", ctx));
        return `${Label} per ${from.replace(/s$/, "")}${segment(f)} ${verb} from ${per(f.baseline)} to ${per(f.current)} ${range(f, ctx)}.`;
      }
      const digits = percentDigitsApart(f.baseline, f.current);
      const rate = (x: number | null) => (x === null ? "n/a" : formatValue(x, "percent", ctx, false, digits));
      return `Conversion from ${from} to ${label}${segment(f)} ${verb} from ${rate(f.baseline)} to ${rate(f.current)} ${range(f, ctx)}${f.change === null ? "" : `, ${formatDelta(f.change, "percent", ctx, false, digits)}`}.`;
    }
    case "audit":
      return describeAudit(f, ctx);
    case "split_test":
    case "competitor":
      // Written with their numbers where they are computed (analyse-split-test.ts, analyse-competition.ts).
      return typeof f.narrative === "string" ? f.narrative : "";
  }
}

/**
 * A frozen run (server/insights/audit/frozen.ts): "Tracking looks frozen from Jan 2, 2026 to Jan 9, 2026: sessions
 * were the same 212 every day (8 days), which their day-to-day noise makes impossible; …", or a run of none.
 */
function frozenSentence(f: Finding & Record<string, unknown>, ctx: NarrativeContext): string {
  const unit = unitOf(f.metric);
  const what = `${labelOf(f.metric)}${segment(f)}`;
  const days = f.count === 1 ? "1 day" : `${formatValue(typeof f.count === "number" ? f.count : 0, "count", ctx)} days`;
  const left = "those days are left out of the other findings";
  if (f.current === 0)
    return `Tracking looks broken ${range(f, ctx)}: ${what} recorded none (${days}) against about ${formatValue(f.baseline ?? 0, unit, ctx)} a day before, which their day-to-day noise makes impossible; ${left}.`;
  return `Tracking looks frozen ${range(f, ctx)}: ${what} ${wasOrWere(f.metric)} the same ${formatValue(f.current ?? 0, unit, ctx)} every day (${days}), which their day-to-day noise makes impossible; ${left}.`;
}

/**
 * Why a metric fell to near zero, by whose data it is: an ad account's none is ads that stopped serving, Search
 * Console's is days it has not filled in yet (its last two or three) or a site gone from the results; only an
 * analytics source has a tag to break.
 */
const NEAR_ZERO_CAUSE: Record<string, string> = {
  ads: "the ads may have stopped serving (paused, out of budget or disapproved)",
  organic_search:
    "Search Console may not have filled these days in yet, or the site's pages dropped out of the results",
};
const NEAR_ZERO_GAP: Record<string, string> = {
  ads: "days the ads served almost nothing",
  organic_search: "days Search Console shows almost nothing for",
};

/** The data's last day, week or month, recorded only in part (an export taken before it ended). */
function partialSentence(f: Finding & Record<string, unknown>, Label: string, ctx: NarrativeContext): string {
  const unit = unitOf(f.metric);
  const [current, usual] = [formatValue(f.current ?? 0, unit, ctx), formatValue(f.baseline ?? 0, unit, ctx)];
  const tail = "looks recorded only in part (exported before it ended), so it is left out of the other findings.";
  const start = formatDate(f.periodStart, ctx.locale);
  if (f.grain === "week" || f.grain === "month")
    return `${Label} in the ${f.grain} of ${start}, the last ${f.grain} of the data, ${wasOrWere(f.metric)} ${current} against about ${usual} in a usual ${f.grain}: the ${f.grain} ${tail}`;
  return `${Label} on ${start}, the last day of the data, ${wasOrWere(f.metric)} ${current} against about ${usual} on that weekday: the day ${tail}`;
}

function describeAudit(f: Finding & Record<string, unknown>, ctx: NarrativeContext): string {
  const unit = unitOf(f.metric);
  const label = labelOf(f.metric);
  const Label = label.charAt(0).toUpperCase() + label.slice(1);
  const count = (x: unknown) => (typeof x === "number" ? formatValue(x, "count", ctx) : "n/a");
  const examples =
    Array.isArray(f.examples) && f.examples.length ? ` Examples: ${f.examples.slice(0, 3).join(", ")}.` : "";
  switch (f.check) {
    case "tracking_gaps":
      if (f.issue === "analytics_seam") return seamSentence(f, ctx);
      if (f.issue === "tracking_change") return trackingChangeSentence(f, ctx);
      if (f.issue === "frozen_values") return frozenSentence(f, ctx);
      if (f.issue === "partial") return partialSentence(f, Label, ctx);
      return f.issue === "break"
        ? `${Label} dropped to near zero on ${formatDate(f.periodStart, ctx.locale)} and ${wasOrWere(f.metric) === "were" ? "have" : "has"} stayed there for ${f.count === 1 ? "1 day" : `${count(f.count)} days`}: ${NEAR_ZERO_CAUSE[String(f.dataKind)] ?? "tracking may be broken"}.`
        : `${Label} ${wasOrWere(f.metric)} near zero ${range(f, ctx)} (${f.count === 1 ? "1 day" : `${count(f.count)} days`}: ${formatValue(f.current ?? 0, unit, ctx)} recorded against about ${formatValue(f.baseline ?? 0, unit, ctx)} expected), ${NEAR_ZERO_GAP[String(f.dataKind)] ?? "a tracking gap"}.`;
    case "not_set_share":
      return `${formatValue(f.current ?? 0, "percent", ctx)} of ${labelOf(f.metric)} have an unattributed ${lowerLabel(f.dimension)} (${f.dimensionValue}), above the ${formatValue(f.baseline ?? 0, "percent", ctx)} threshold.`;
    case "self_referrals":
      return `${count(f.current)} ${labelOf(f.metric)} came from the site's own domain as a referral (${formatValue(f.changePct ?? 0, "percent", ctx)} of all).${examples}`;
    case "case_variants":
      return `The ${lowerLabel(f.dimension)} value “${f.dimensionValue}” appears in ${count(f.count)} spellings that differ only by case, splitting its ${labelOf(f.metric)}.${examples}`;
    case "impossible_values":
      return `${count(f.count)} of ${count(f.baseline)} rows ${f.count === 1 ? "has" : "have"} impossible values (${String(f.issue).replace(/_/g, " ")}).${examples}`;
    case "duplicate_rows":
      return `${f.count === 1 ? "1 day repeats" : `${count(f.count)} days repeat`} another day's totals exactly, in every metric, as an export imported twice would.${examples}`;
    case "personal_data_in_urls":
      return `${count(f.count)} ${lowerLabel(f.dimension)} ${f.count === 1 ? "value contains an email address" : "values contain email addresses"}, personal data that must not be collected.${examples}`;
    case "ads_clicks_vs_sessions":
      return `Paid sessions${segment(f)} (${count(f.current)}) differ from ads clicks (${count(f.baseline)}) by ${f.changePct === null ? "n/a" : formatChangePct(f.changePct, ctx.locale)} ${range(f, ctx)}, beyond the expected range of ${count(f.expectedLow)} to ${count(f.expectedHigh)}.`;
    default:
      return `Data quality issue in ${labelOf(f.metric)} ${range(f, ctx)}.`;
  }
}
