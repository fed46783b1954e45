// "Every number in its text is one of its fields." Read on every text a reader sees: each finding's narrative (its own
// fields), and the insight's summary and analyst narrative (headline, why, next step: the fields of the insight's
// findings, how many it holds, its KPI effect and its chart's totals). A number matches a field when the field,
// rounded as the text rounds it (its decimals; a percentage or percentage points (pp) is a fraction × 100; K, M and B
// are thousands, millions, billions; a round number like 64,000 is the field to as many significant digits), is the
// number; signs are words in a sentence ("fell by 947"), so magnitudes are compared. A date matches a date field, or
// the report's own period and comparison period (a stretch's `until`, also the day after it, when it came back).
// Text inside quotes (segment names, queries) is a name, not a number.
import { addDays } from "@/lib/dates";
import { analystNarrative } from "@/lib/insights/narrate/analyst";
import type { NarrativeFinding } from "@/lib/insights/narrate/analyst";
import { violation, type CheckContext, type PlacedView } from "../context";
import type { CheckedInsight, CheckedReport, Violation } from "../types";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DATE =
  /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? (\d{1,2})(?:, (\d{4}))?\b|\b(\d{4})-(\d{2})-(\d{2})\b/g;
const QUOTED = /“[^”]*”|"[^"]*"|‘[^’]*’/g;
const NUMBER = /(?<![\w.,/])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:\s?(%|pp\b|[KMB](?![a-z])))?(?![\w/]|\.\d)/g;
const SUFFIX: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9 };

export interface TextToken {
  text: string;
  value: number;
  decimals: number;
  percent: boolean;
  scale: number;
}

/** The numbers and dates of a text, names in quotes left out. */
export function tokens(text: string): {
  numbers: TextToken[];
  dates: { text: string; iso: string | null; monthDay: string }[];
} {
  const dates: { text: string; iso: string | null; monthDay: string }[] = [];
  let rest = text.replace(QUOTED, " ");
  rest = rest.replace(DATE, (match, mon, day, year, y, m, d) => {
    if (y) dates.push({ text: match, iso: `${y}-${m}-${d}`, monthDay: `${m}-${d}` });
    else {
      const mm = String(MONTHS.indexOf(mon) + 1).padStart(2, "0");
      const dd = String(Number(day)).padStart(2, "0");
      dates.push({ text: match, iso: year ? `${year}-${mm}-${dd}` : null, monthDay: `${mm}-${dd}` });
    }
    return " ";
  });
  const numbers: TextToken[] = [];
  for (const m of rest.matchAll(NUMBER)) {
    const decimals = m[2]?.length ?? 0;
    const value = Number(`${m[1].replace(/,/g, "")}${m[2] ? `.${m[2]}` : ""}`);
    const percent = m[3] === "%" || m[3] === "pp";
    numbers.push({ text: m[0], value, decimals, percent, scale: m[3] && !percent ? SUFFIX[m[3]] : 1 });
  }
  return { numbers, dates };
}

/** A name with a digit in it (“Campaign 21”, “Q4 sale”): told in a sentence unquoted, its digits are no number. */
const NAME_WITH_DIGITS = /^(?=.*\d)(?=.*[A-Za-z]).{2,}$/;
/** The fields that hold a segment's name (a finding's, the segments it moved with, a breakdown chart's). */
const NAME_KEYS = new Set(["dimensionValue", "value", "scope"]);

/**
 * Every finite number, every date string and every name with digits in a value, nested objects and arrays included
 * (not chart points).
 */
export function fieldsOf(
  value: unknown,
  into = { numbers: [] as number[], dates: new Set<string>(), names: new Set<string>() },
) {
  if (typeof value === "number" && Number.isFinite(value)) into.numbers.push(value);
  else if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)) into.dates.add(value.slice(0, 10));
  else if (Array.isArray(value)) {
    // "13 days between Mar 7 and Mar 19 have missing data": how many a list holds is one of its numbers too.
    if (value.length > 0 && value.every((x) => typeof x === "string")) into.numbers.push(value.length);
    for (const x of value) fieldsOf(x, into);
  } else if (value && typeof value === "object")
    for (const [key, x] of Object.entries(value)) {
      if (key === "points") continue;
      if (NAME_KEYS.has(key) && typeof x === "string" && NAME_WITH_DIGITS.test(x)) into.names.add(x);
      fieldsOf(x, into);
      // A stretch's last day at its level: the text may name the day it came back, the next one.
      if (key === "until" && typeof x === "string" && /^\d{4}-\d{2}-\d{2}$/.test(x)) into.dates.add(addDays(x, 1));
    }
  return into;
}

const sigDigits = (n: number) => String(Math.round(Math.abs(n))).replace(/0+$/, "").length;

export function matches(t: TextToken, field: number): boolean {
  const candidates = t.percent ? [Math.abs(field) * 100, Math.abs(field)] : [Math.abs(field) / t.scale];
  const half = 0.5 * 10 ** -t.decimals + 1e-9 * Math.max(1, t.value);
  return candidates.some((c) => {
    if (Math.abs(c - t.value) <= half) return true;
    // A round number ("about 64,000"): the field to as many significant digits.
    if (t.decimals === 0 && t.value >= 100 && t.value % 10 === 0) {
      const digits = sigDigits(t.value);
      return Number(c.toPrecision(digits)) === t.value;
    }
    return false;
  });
}

function unmatched(text: string, fields: { numbers: number[]; dates: Set<string>; names: Set<string> }): string[] {
  // The findings' own names (a segment's value) are names wherever the text tells them, quoted or not.
  const names = [...fields.names].sort((a, b) => b.length - a.length);
  const { numbers, dates } = tokens(names.reduce((t, name) => t.split(name).join(" "), text));
  const out: string[] = [];
  for (const d of dates) {
    const ok = d.iso ? fields.dates.has(d.iso) : [...fields.dates].some((x) => x.slice(5) === d.monthDay);
    if (!ok) out.push(d.text);
  }
  for (const n of numbers) if (!fields.numbers.some((f) => matches(n, f))) out.push(n.text);
  return out;
}

const windowDates = (r: CheckedReport) => [r.periodStart, r.periodEnd, r.comparisonStart, r.comparisonEnd];

export function checkText(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  for (const p of ctx.views) {
    if (!p.view.narrative) continue;
    const fields = fieldsOf(p.view.raw);
    for (const d of windowDates(ctx.report)) fields.dates.add(d);
    const wrong = unmatched(p.view.narrative, fields);
    if (wrong.length > 0) out.push(violation(p, "text", textViolation("its narrative", p.view.narrative, wrong)));
  }
  for (const insight of ctx.report.insights) out.push(...checkInsightText(ctx.report, insight, ctx.views));
  return out;
}

function textViolation(where: string, text: string, wrong: string[]): string {
  return `${where} has ${wrong.map((w) => `“${w}”`).join(", ")}, not one of its fields: “${text}”`;
}

function checkInsightText(report: CheckedReport, insight: CheckedInsight, views: readonly PlacedView[]): Violation[] {
  // A question not run says why in its own words ("needs 42 days of data; this project has 31"): no finding's text.
  if ((insight.outcome as { status?: unknown } | undefined)?.status === "not_run") return [];
  const fields = fieldsOf(insight.findings);
  // "2 days were outside the expected range": how many findings the insight holds (of each kind) is its evidence too.
  const kinds = new Map<string, number>();
  for (const f of insight.findings) {
    const kind = (f as { kind?: unknown }).kind;
    if (typeof kind === "string") kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  fields.numbers.push(insight.findings.length, ...kinds.values());
  if (insight.kpiEffect !== null && insight.kpiEffect !== undefined) fields.numbers.push(insight.kpiEffect);
  if (insight.chart && typeof insight.chart === "object") fieldsOf(insight.chart, fields);
  for (const d of windowDates(report)) fields.dates.add(d);
  const texts: [string, string][] = [["its summary", insight.summary]];
  if (views.some((v) => v.insight === insight)) {
    const narrative = analystNarrative(
      { findings: insight.findings as NarrativeFinding[], chart: insight.chart as { type: string } | null },
      { currency: report.currency, period: { start: report.periodStart, end: report.periodEnd } },
    );
    if (narrative) {
      texts.push(["its headline", narrative.headline], ["its next step", narrative.next]);
      if (narrative.why) texts.push(["its why", narrative.why]);
    }
  }
  const out: Violation[] = [];
  for (const [where, text] of texts) {
    const wrong = unmatched(text, fields);
    if (wrong.length > 0)
      out.push({
        property: "text",
        insight: insight.intentionKey,
        finding: null,
        text: `insight ${insight.intentionKey}: ${textViolation(where, text, wrong)}`,
      });
  }
  return out;
}
