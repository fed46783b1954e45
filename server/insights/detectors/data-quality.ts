import type { AuditCheck } from "@/lib/insights/intentions";
import { dayOfWeek } from "@/lib/dates";
import { medianInPlace } from "../stats/descriptive";
import type { DailyPoint, Finding, Severity } from "../types";

// Data Quality Audit checks. Each takes simple arrays the caller aggregates from the metric store
// and returns findings with a severity and the numbers behind it; none of them invents a value the
// data does not hold. Thresholds are options with defaults chosen to flag what an analyst would
// fix, not every wobble.

export interface AuditFinding extends Finding {
  kind: "audit";
  check: AuditCheck;
  /** Finer label inside a check, e.g. "gap" vs "break" for tracking gaps. */
  issue: string;
  severity: Severity;
  /** Affected rows, days or values (the unit depends on the check). */
  count: number;
  /** A few examples, with personal data masked. */
  examples: string[];
}

interface Period {
  periodStart: string;
  periodEnd: string;
}

function audit(
  check: AuditCheck,
  issue: string,
  severity: Severity,
  period: Period,
  fields: Partial<AuditFinding> & { metric: string },
): AuditFinding {
  return {
    kind: "audit",
    check,
    issue,
    severity,
    dimension: null,
    dimensionValue: null,
    current: null,
    baseline: null,
    change: null,
    changePct: null,
    expectedLow: null,
    expectedHigh: null,
    confidence: 1,
    direction: null,
    count: 0,
    examples: [],
    ...period,
    ...fields,
  };
}

// ── Tracking gaps and breaks ────────────────────────────────────────────────────────────────

export interface GapOptions {
  metric: string;
  /** A day is "near zero" below this share of the typical day (0.1). */
  nearZeroShare?: number;
  /** Only series whose typical day reaches this are judged: 2 sessions a day can be 0 honestly. */
  minTypical?: number;
  /** Days of history behind "typical" (28, median of the days before the run). */
  window?: number;
}

/**
 * Runs of days at or near zero amid normal traffic. A run that recovers is a tracking gap
 * (`issue: "gap"`); a run still going on the last day is a break to zero (`issue: "break"`, high
 * severity: tracking is probably broken right now).
 */
export function findTrackingGaps(series: readonly DailyPoint[], options: GapOptions): AuditFinding[] {
  const nearZeroShare = options.nearZeroShare ?? 0.1;
  const minTypical = options.minTypical ?? 20;
  const window = options.window ?? 28;
  const findings: AuditFinding[] = [];
  // Prefix sums give each day's trailing mean in O(1); for non-negative data the median is at
  // most twice the mean, so days well above the mean skip the median entirely.
  const prefix = new Float64Array(series.length + 1);
  const counts = new Uint32Array(series.length + 1);
  series.forEach((p, k) => {
    prefix[k + 1] = prefix[k] + (p.value ?? 0);
    counts[k + 1] = counts[k] + (p.value === null ? 0 : 1);
  });
  const buffer = new Float64Array(window);
  let i = 0;
  while (i < series.length) {
    const v = series[i].value;
    const a = Math.max(0, i - window);
    const known = counts[i] - counts[a];
    const meanBefore = known > 0 ? (prefix[i] - prefix[a]) / known : NaN;
    if (v === null || known < 7 || !(v <= 2 * nearZeroShare * meanBefore)) {
      i++;
      continue;
    }
    let k = 0;
    for (let s = a; s < i; s++) if (series[s].value !== null) buffer[k++] = series[s].value as number;
    const typical = medianInPlace(buffer, k);
    if (!(typical >= minTypical) || v > nearZeroShare * typical) {
      i++;
      continue;
    }
    let j = i;
    let actual = 0;
    while (j < series.length && series[j].value !== null && (series[j].value as number) <= nearZeroShare * typical)
      actual += series[j++].value as number;
    const days = j - i;
    const expected = expectedOnDays(series, a, i, j, typical);
    const ongoing = j === series.length;
    findings.push(
      audit(
        "tracking_gaps",
        ongoing ? "break" : "gap",
        ongoing || days >= 3 ? "high" : "medium",
        { periodStart: series[i].date, periodEnd: series[j - 1].date },
        {
          metric: options.metric,
          current: actual,
          baseline: expected,
          change: actual - expected,
          changePct: -1 + actual / expected,
          direction: "down",
          count: days,
        },
      ),
    );
    i = j;
  }
  return findings;
}

export interface PartialDayOptions {
  metric: string;
  /** The day to judge: the last day of the data (an export taken before it ended holds part of it). */
  date: string;
  /** A day holding at most this share of its weekday's usual level (0.7)… */
  share?: number;
  /** …and this many standard deviations below it (4), is partial. */
  deviations?: number;
  /** Only series whose usual day reaches this are judged (20): low counts vary too much to tell. */
  minTypical?: number;
}

/**
 * The data's last day, when it holds clearly less than its weekday usually does: an export taken
 * before the day ended (the usual case: a report run in the morning on data up to "today"), or a
 * sync that stopped mid-day. Judged against the same weekday in the four weeks before (the median,
 * with a spread of at least √level); a day at or near zero is a tracking gap or break instead.
 */
export function findPartialLastDay(series: readonly DailyPoint[], options: PartialDayOptions): AuditFinding[] {
  const k = series.findIndex((p) => p.date === options.date);
  const value = k === -1 ? null : series[k].value;
  if (value === null) return [];
  const before = byWeekday(series, Math.max(0, k - 28), k)[dayOfWeek(options.date)];
  if (before.length < 3) return [];
  const usual = medianInPlace(Float64Array.from(before), before.length);
  if (!(usual >= (options.minTypical ?? 20))) return [];
  const spread = Math.max(
    Math.sqrt(usual),
    1.4826 *
      medianInPlace(
        Float64Array.from(before, (v) => Math.abs(v - usual)),
        before.length,
      ),
  );
  // Against the level of the days just before it: a day as low as the three before, after a step down (a consent
  // banner, a campaign stopped), is the new level, not a day cut short.
  const recent = recentLevel(series, k, byWeekday(series, Math.max(0, k - 28), k));
  const share = options.share ?? 0.7;
  const partial =
    value > 0.1 * usual &&
    value <= share * usual &&
    value <= share * recent * usual &&
    usual - value >= (options.deviations ?? 4) * spread;
  if (!partial) return [];
  return [
    audit(
      "tracking_gaps",
      "partial",
      "medium",
      { periodStart: options.date, periodEnd: options.date },
      {
        metric: options.metric,
        current: value,
        baseline: usual,
        change: value - usual,
        changePct: value / usual - 1,
        direction: "down",
        count: 1,
      },
    ),
  ];
}

/** The median of the 3 known days before day k, each against its weekday's median in `weekdays`; 1 without them. */
function recentLevel(series: readonly DailyPoint[], k: number, weekdays: number[][]): number {
  const ratios: number[] = [];
  for (let j = k - 1; j >= Math.max(0, k - 7) && ratios.length < 3; j--) {
    const v = series[j].value;
    const own = weekdays[dayOfWeek(series[j].date)];
    if (v === null || own.length === 0) continue;
    const usual = medianInPlace(Float64Array.from(own), own.length);
    if (usual > 0) ratios.push(v / usual);
  }
  return ratios.length === 3 ? medianInPlace(Float64Array.from(ratios), 3) : 1;
}

/**
 * What the days [from, to) would have held: per day, the median of its weekday in the window
 * [windowStart, from) before the run (a weekend outage is not measured against weekday traffic);
 * `typical` for a weekday the window lacks.
 */
function expectedOnDays(
  series: readonly DailyPoint[],
  windowStart: number,
  from: number,
  to: number,
  typical: number,
): number {
  const medians = byWeekday(series, windowStart, from).map((values) =>
    values.length ? medianInPlace(Float64Array.from(values), values.length) : typical,
  );
  let expected = 0;
  for (let k = from; k < to; k++) expected += medians[dayOfWeek(series[k].date)];
  return expected;
}

/** The known values of the days [from, to) of a daily series, by weekday (0 = Sunday). */
function byWeekday(series: readonly DailyPoint[], from: number, to: number): number[][] {
  const out: number[][] = Array.from({ length: 7 }, () => []);
  for (let k = from; k < to; k++) {
    const value = series[k].value;
    if (value !== null) out[dayOfWeek(series[k].date)].push(value);
  }
  return out;
}

// ── "(not set)" and unattributed shares ───────────────────────────────────────────────────────

export interface ValueTotal {
  value: string;
  total: number;
}

const UNATTRIBUTED = new Set([
  "",
  "(not set)",
  "not set",
  "(none)",
  "(unassigned)",
  "unassigned",
  "(not provided)",
  "(other)",
  "null",
  "undefined",
]);

export interface UnattributedOptions extends Period {
  metric: string;
  dimension: string;
  /** Flag above this share (0.05); high severity above three times it. */
  threshold?: number;
  /** Values that are unattributed in this dimension; defaults to the usual analytics markers. */
  isUnattributed?: (value: string) => boolean;
}

export function findUnattributedShare(rows: readonly ValueTotal[], options: UnattributedOptions): AuditFinding[] {
  const threshold = options.threshold ?? 0.05;
  const test = options.isUnattributed ?? ((v: string) => UNATTRIBUTED.has(v.trim().toLowerCase()));
  const total = rows.reduce((s, r) => s + r.total, 0);
  const bad = rows.filter((r) => test(r.value));
  const unattributed = bad.reduce((s, r) => s + r.total, 0);
  if (total <= 0 || unattributed / total <= threshold) return [];
  const share = unattributed / total;
  return [
    audit("not_set_share", "unattributed", share > 3 * threshold ? "high" : "medium", options, {
      metric: options.metric,
      dimension: options.dimension,
      dimensionValue: bad.map((r) => r.value || "(empty)").join(", "),
      current: share,
      baseline: threshold,
      expectedHigh: threshold,
      count: unattributed,
      examples: bad.map((r) => r.value || "(empty)"),
    }),
  ];
}

// ── Self-referrals ───────────────────────────────────────────────────────────────────────────

/** Lower-case host without scheme, path, port or a leading "www.". */
export function normaliseHost(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/[/?#:].*$/, "")
    .replace(/^www\./, "");
}

export interface SelfReferralOptions extends Period {
  metric: string;
  /** The site's own domains (e.g. ["example.com"]); subdomains count as the site too. */
  siteDomains: readonly string[];
}

/** Sessions whose source is the site itself: a lost session (cross-domain or redirect setup). */
export function findSelfReferrals(sources: readonly ValueTotal[], options: SelfReferralOptions): AuditFinding[] {
  const own = options.siteDomains.map(normaliseHost).filter(Boolean);
  const total = sources.reduce((s, r) => s + r.total, 0);
  const hits = sources.filter((r) => {
    const host = normaliseHost(r.value);
    return host !== "" && own.some((d) => host === d || host.endsWith(`.${d}`));
  });
  const affected = hits.reduce((s, r) => s + r.total, 0);
  if (affected <= 0) return [];
  const share = total > 0 ? affected / total : 0;
  return [
    audit("self_referrals", "self_referral", share > 0.05 ? "high" : share > 0.01 ? "medium" : "low", options, {
      metric: options.metric,
      dimension: "source",
      dimensionValue: hits.map((h) => h.value).join(", "),
      current: affected,
      baseline: total,
      changePct: share,
      count: affected,
      examples: hits.map((h) => h.value),
    }),
  ];
}

// ── Case-variant UTM values ──────────────────────────────────────────────────────────────────

export interface CaseVariantOptions extends Period {
  metric: string;
  dimension: string;
}

/** Values equal but for case or surrounding spaces ("Facebook", "facebook ") split one source. */
export function findCaseVariants(rows: readonly ValueTotal[], options: CaseVariantOptions): AuditFinding[] {
  const groups = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const key = r.value.trim().toLowerCase();
    if (key === "") continue;
    const g = groups.get(key) ?? new Map<string, number>();
    g.set(r.value, (g.get(r.value) ?? 0) + r.total);
    groups.set(key, g);
  }
  const findings: AuditFinding[] = [];
  for (const [key, variants] of groups) {
    if (variants.size < 2) continue;
    const entries = [...variants.entries()].sort((a, b) => b[1] - a[1]);
    const total = entries.reduce((s, [, t]) => s + t, 0);
    const minority = total - entries[0][1];
    findings.push(
      audit("case_variants", "case_variant", minority / total > 0.1 ? "medium" : "low", options, {
        metric: options.metric,
        dimension: options.dimension,
        dimensionValue: key,
        current: total,
        count: entries.length,
        examples: entries.map(([v, t]) => `${v} (${t.toLocaleString("en")})`),
      }),
    );
  }
  return findings.sort((a, b) => (b.current ?? 0) - (a.current ?? 0));
}

// ── Impossible values ────────────────────────────────────────────────────────────────────────

export interface MetricRow {
  /** What identifies the row to a reader: a date, a date and a channel, ... */
  key: string;
  sessions?: number;
  engagedSessions?: number;
  conversions?: number;
  transactions?: number;
  /** Rates as fractions (0–1) when the source supplies them directly. */
  bounceRate?: number;
  engagementRate?: number;
}

export interface ImpossibleValueOptions extends Period {
  /** Conversions above sessions × this are implausible (several goals per session happen: 5). */
  maxConversionsPerSession?: number;
}

export function findImpossibleValues(rows: readonly MetricRow[], options: ImpossibleValueOptions): AuditFinding[] {
  const k = options.maxConversionsPerSession ?? 5;
  const checks: { issue: string; metric: string; severity: Severity; bad: (r: MetricRow) => boolean }[] = [
    {
      issue: "engaged_exceeds_sessions",
      metric: "engagedSessions",
      severity: "high",
      bad: (r) => r.engagedSessions !== undefined && r.sessions !== undefined && r.engagedSessions > r.sessions,
    },
    {
      issue: "conversions_exceed_sessions",
      metric: "conversions",
      severity: "medium",
      bad: (r) => r.conversions !== undefined && r.sessions !== undefined && r.conversions > r.sessions * k,
    },
    {
      issue: "transactions_without_sessions",
      metric: "transactions",
      severity: "high",
      bad: (r) => (r.transactions ?? 0) > 0 && r.sessions === 0,
    },
    {
      issue: "bounce_rate_out_of_range",
      metric: "bounceRate",
      severity: "high",
      bad: (r) => r.bounceRate !== undefined && (r.bounceRate < 0 || r.bounceRate > 1),
    },
    {
      issue: "engagement_rate_out_of_range",
      metric: "engagementRate",
      severity: "high",
      bad: (r) => r.engagementRate !== undefined && (r.engagementRate < 0 || r.engagementRate > 1),
    },
    {
      issue: "negative_value",
      metric: "sessions",
      severity: "high",
      bad: (r) => [r.sessions, r.engagedSessions, r.conversions, r.transactions].some((v) => v !== undefined && v < 0),
    },
  ];
  const findings: AuditFinding[] = [];
  for (const c of checks) {
    const bad = rows.filter(c.bad);
    if (bad.length === 0) continue;
    findings.push(
      audit("impossible_values", c.issue, c.severity, options, {
        metric: c.metric,
        count: bad.length,
        current: bad.length,
        baseline: rows.length,
        examples: bad.slice(0, 5).map((r) => r.key),
      }),
    );
  }
  return findings;
}

// ── Duplicated rows ──────────────────────────────────────────────────────────────────────────

export interface SourceDay {
  date: string;
  /** The day's totals, one per stored part (null: the source does not give that part). */
  values: readonly (number | null)[];
}

export interface RepeatedDayOptions extends Period {
  metric: string;
}

/**
 * Largest number of day pairs expected to match in every total by chance alone; above it a repeat is not evidence of
 * a double import (two quiet days of a small site may share their few counts).
 */
const MAX_CHANCE_PAIRS = 0.01;

/**
 * Days whose every total equals another day's (storage keeps one row per source, day and combination, so an export
 * recorded twice shows as a repeated day). Reported only when such a repeat is unlikely by chance: two independent
 * draws of a value spread with standard deviation σ and recorded to a resolution r (1 for counts, 0.01 for money)
 * coincide with probability about r / (2√π σ) (the discretised normal's collision probability), so the number of
 * pairs of days expected to match in every part is C(n, 2) × Π r / (2√π σ). σ is taken within weekdays (pooled),
 * the spread a repeat has to beat among similar days.
 */
export function findRepeatedDays(days: readonly SourceDay[], options: RepeatedDayOptions): AuditFinding[] {
  const firstByTotals = new Map<string, string>();
  const repeats: { date: string; sameAs: string }[] = [];
  for (const d of days) {
    const key = d.values.join("|");
    const first = firstByTotals.get(key);
    if (first === undefined) firstByTotals.set(key, d.date);
    else repeats.push({ date: d.date, sameAs: first });
  }
  if (repeats.length === 0) return [];
  const chancePairs = ((days.length * (days.length - 1)) / 2) * chanceOfSameTotals(days);
  if (chancePairs > MAX_CHANCE_PAIRS) return [];
  return [
    audit("duplicate_rows", "repeated_days", repeats.length / days.length > 0.01 ? "high" : "medium", options, {
      metric: options.metric,
      current: repeats.length,
      baseline: days.length,
      count: repeats.length,
      examples: repeats.slice(0, 5).map((r) => `${r.date} repeats ${r.sameAs}`),
    }),
  ];
}

/** Probability that two days chosen at random agree in every part, by the model above (1 when a part is constant). */
function chanceOfSameTotals(days: readonly SourceDay[]): number {
  const parts = days[0]?.values.length ?? 0;
  let chance = 1;
  for (let i = 0; i < parts; i++) {
    const byWeekday: number[][] = [[], [], [], [], [], [], []];
    let integers = true;
    for (const d of days) {
      const v = d.values[i];
      if (v === null) continue;
      if (!Number.isInteger(v)) integers = false;
      byWeekday[dayOfWeek(d.date)].push(v);
    }
    let squares = 0;
    let df = 0;
    for (const values of byWeekday) {
      if (values.length < 2) continue;
      const mean = values.reduce((s, v) => s + v, 0) / values.length;
      for (const v of values) squares += (v - mean) ** 2;
      df += values.length - 1;
    }
    const resolution = integers ? 1 : 0.01;
    const sigma = df > 0 ? Math.sqrt(squares / df) : 0;
    chance *= Math.min(1, resolution / (2 * Math.sqrt(Math.PI) * Math.max(sigma, Number.MIN_VALUE)));
  }
  return chance;
}

// ── Personal data in URLs ────────────────────────────────────────────────────────────────────

const EMAIL = /[a-z0-9._%+-]+(?:@|%40)[a-z0-9.-]+\.[a-z]{2,}/i;
/**
 * What a value holds, raw or decoded once, before it can hold an email: "@", "%40" (decoded: "@") or "%2540" (decoded:
 * "%40"). EMAIL alone tries every start of a long value without one (thousands of queries and pages: 15 ms a report).
 */
const MAY_HOLD_EMAIL = /@|%(?:25)?40/i;

/** "jane.doe@example.com" → "j***@example.com": the audit must not copy the data it flags. */
export function maskEmails(value: string): string {
  return value.replace(new RegExp(EMAIL.source, "gi"), (m) => {
    const [user, domain] = m.split(/@|%40/i);
    return `${user.slice(0, 1)}***@${domain}`;
  });
}

export interface PersonalDataOptions extends Period {
  metric: string;
  dimension: string;
}

/** Email addresses (also URL-encoded) in URLs, landing pages or queries: a privacy breach. */
export function findPersonalData(rows: readonly ValueTotal[], options: PersonalDataOptions): AuditFinding[] {
  const decoded = (v: string) => {
    try {
      return decodeURIComponent(v);
    } catch {
      return v; // malformed escapes: judge the raw text
    }
  };
  const hits = rows.filter(
    (r) => MAY_HOLD_EMAIL.test(r.value) && (EMAIL.test(r.value) || EMAIL.test(decoded(r.value))),
  );
  if (hits.length === 0) return [];
  return [
    audit("personal_data_in_urls", "email", "high", options, {
      metric: options.metric,
      dimension: options.dimension,
      current: hits.reduce((s, r) => s + r.total, 0),
      count: hits.length,
      examples: hits.slice(0, 5).map((r) => maskEmails(decoded(r.value))),
    }),
  ];
}

// ── Ads clicks vs analytics sessions ─────────────────────────────────────────────────────────

export interface ClicksSessions {
  /** Campaign name, or "total". */
  key: string;
  adsClicks: number;
  /** Analytics sessions attributed to the same paid traffic. */
  sessions: number;
}

export interface ClicksSessionsOptions extends Period {
  /** Acceptable relative gap |sessions / clicks − 1| (0.2: some click loss is normal). */
  tolerance?: number;
  /** Ignore rows with fewer clicks than this (100): small numbers swing widely. */
  minClicks?: number;
}

/**
 * Paid sessions far below clicks point to lost tagging (auto-tagging off, redirects dropping
 * gclid); far above point to mis-attribution of other traffic to paid search.
 */
export function findClicksSessionsMismatch(
  rows: readonly ClicksSessions[],
  options: ClicksSessionsOptions,
): AuditFinding[] {
  const tolerance = options.tolerance ?? 0.2;
  const minClicks = options.minClicks ?? 100;
  const findings: AuditFinding[] = [];
  for (const r of rows) {
    if (r.adsClicks < minClicks) continue;
    const ratio = r.sessions / r.adsClicks;
    if (Math.abs(ratio - 1) <= tolerance) continue;
    findings.push(
      audit(
        "ads_clicks_vs_sessions",
        ratio < 1 ? "sessions_below_clicks" : "sessions_above_clicks",
        Math.abs(ratio - 1) > 2 * tolerance ? "high" : "medium",
        options,
        {
          metric: "sessions",
          dimension: r.key === "total" ? null : "campaign",
          dimensionValue: r.key === "total" ? null : r.key,
          current: r.sessions,
          baseline: r.adsClicks,
          change: r.sessions - r.adsClicks,
          changePct: ratio - 1,
          expectedLow: r.adsClicks * (1 - tolerance),
          expectedHigh: r.adsClicks * (1 + tolerance),
          direction: ratio < 1 ? "down" : "up",
          count: 1,
        },
      ),
    );
  }
  return findings;
}
