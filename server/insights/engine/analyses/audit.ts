import type { AuditCheck, Intention } from "@/lib/insights/intentions";
import type { Dimension } from "@/lib/insights/metrics";
import { PART_INDEX, PARTS } from "../../data/parts";
import {
  findCaseVariants,
  findClicksSessionsMismatch,
  findImpossibleValues,
  findPersonalData,
  findRepeatedDays,
  findSelfReferrals,
  findUnattributedShare,
  type AuditFinding,
  type MetricRow,
  type SourceDay,
  type ValueTotal,
} from "../../detectors/data-quality";
import { findRevenueMismatch } from "../../detectors/revenue-reconciliation";
import { addDays } from "@/lib/dates";
import { SEVERITY_WEIGHT } from "../impact";
import { sourceGaps } from "../../audit/source-gaps";
import { trackingChangeFinding, trackingChanges } from "../tracking-change";
import { crossedSeams, seamFinding } from "../analytics-seam";
import type { EngineContext, IntentionOutcome } from "../types";

const PAID = /paid|cpc|ppc|sem\b|google ads|adwords/i;

/** Data Quality Audit: each check reads totals already aggregated for the report. */
export function runAudit(ctx: EngineContext, intention: Intention, check: AuditCheck): IntentionOutcome {
  // The audit reads the data as loaded: the gap days the other detectors skip are its findings.
  const findings = auditFindings({ ...ctx, data: ctx.rawData }, check);
  // A step in sessions the outcomes did not take is read from the data without its gap days, as the findings it
  // discounts are (tracking-change.ts).
  if (check === "tracking_gaps") {
    // Frozen runs that reach into the period (audit/frozen.ts): the days every other detector read as unknown.
    const w = ctx.window;
    const frozen = (ctx.frozen ?? []).filter((f) => f.periodEnd >= w.periodStart && f.periodStart <= w.periodEnd);
    findings.push(...(frozen as AuditFinding[]));
    findings.push(...trackingChanges(ctx).map((c) => trackingChangeFinding(c, ctx.window.periodEnd)));
    // A switch from Universal Analytics to GA4 among the compared days: which days come from which (analytics-seam.ts).
    findings.push(...crossedSeams(ctx).map((s) => seamFinding(ctx, s)));
  }
  const severity = findings.reduce((m, f) => Math.max(m, SEVERITY_WEIGHT[f.severity] ?? 0), 0);
  return {
    intention,
    findings,
    chart: findings.length
      ? { type: "audit", items: findings.map((f) => ({ issue: f.issue, severity: f.severity, count: f.count })) }
      : null,
    kpiEffect: 0,
    indirectEffect: 0,
    severity,
  };
}

function auditFindings(ctx: EngineContext, check: AuditCheck): AuditFinding[] {
  const w = ctx.window;
  const period = { periodStart: w.periodStart, periodEnd: w.periodEnd };
  const values = (dimension: Dimension, part: "sessions" | "clicks" = "sessions"): ValueTotal[] => {
    // The source is picked once per dimension, not once for each of a search source's thousands of queries.
    const source = ctx.data.sourceFor([part], dimension);
    const out: ValueTotal[] = [];
    for (const v of ctx.data.dimensionValues(dimension)) {
      const total = v.sourceId === source ? (v.current?.[PART_INDEX[part]] ?? 0) : 0;
      if (total > 0) out.push({ value: v.value, total });
    }
    return out;
  };
  switch (check) {
    case "tracking_gaps":
      // Each source's traffic, the days the other detectors skip in that source's metrics; 28 days before the period
      // give the "typical day".
      return sourceGaps(ctx.data, ctx.project, addDays(w.periodStart, -28))
        .map((g) => g.finding)
        .filter((f) => f.periodEnd >= w.periodStart);
    case "not_set_share":
      return findUnattributedShare(values("channel"), { ...period, metric: "sessions", dimension: "channel" });
    case "self_referrals": {
      if (!ctx.project.url) return [];
      return findSelfReferrals(values("source"), { ...period, metric: "sessions", siteDomains: [ctx.project.url] });
    }
    case "case_variants":
      return (["source", "medium", "campaign"] as const)
        .filter((d) => ctx.data.hasDimension(d))
        .flatMap((d) => findCaseVariants(values(d), { ...period, metric: "sessions", dimension: d }))
        .slice(0, 10);
    case "impossible_values": {
      const source = ctx.data.sourceFor(["sessions"]);
      const days = ctx.data.sources.find((s) => s.sourceId === source)?.days ?? new Map();
      const rows: MetricRow[] = [];
      for (const [date, v] of days) {
        if (date < w.periodStart || date > w.periodEnd) continue;
        const get = (k: (typeof PARTS)[number]["key"]) => v[PART_INDEX[k]] ?? undefined;
        rows.push({
          key: date,
          sessions: get("sessions"),
          engagedSessions: get("engagedSessions"),
          conversions: get("conversions"),
          transactions: get("transactions"),
        });
      }
      return findImpossibleValues(
        rows.sort((a, b) => a.key.localeCompare(b.key)),
        period,
      );
    }
    case "duplicate_rows": {
      // Rows are unique per source, day and combination in storage, so an export recorded twice
      // shows as a day whose every total equals another day's of the same source.
      return ctx.data.sources.flatMap((s) => {
        const days: SourceDay[] = [];
        for (const [date, v] of s.days)
          if (date >= w.periodStart && date <= w.periodEnd && (v[PART_INDEX.sessions] ?? 0) > 0)
            days.push({ date, values: v });
        return findRepeatedDays(days, { ...period, metric: "sessions" });
      });
    }
    case "personal_data_in_urls":
      return (["landingPage", "page", "query"] as const)
        .filter((d) => ctx.data.hasDimension(d))
        .flatMap((d) =>
          findPersonalData(values(d, d === "query" && !ctx.data.sourceFor(["sessions"], d) ? "clicks" : "sessions"), {
            ...period,
            metric: "sessions",
            dimension: d,
          }),
        );
    case "ads_clicks_vs_sessions": {
      // Ads clicks come from an ads source (one that also reports cost); search console clicks
      // are organic and must not be compared with paid sessions.
      const clicksSource = ctx.data.sourceFor(["clicks", "cost"]);
      // Paid visits by channel group, else by medium (an export by source / medium: "google / cpc").
      const paid = (ctx.data.hasDimension("channel") ? values("channel") : values("medium")).filter((v) =>
        PAID.test(v.value),
      );
      if (!clicksSource || paid.length === 0) return [];
      const adsClicks = ctx.data.total("clicks", w.periodStart, w.periodEnd, clicksSource) ?? 0;
      return findClicksSessionsMismatch(
        [{ key: "total", adsClicks, sessions: paid.reduce((s, v) => s + v.total, 0) }],
        period,
      );
    }
    case "missing_conversions":
      return missingConversions(ctx);
    case "revenue_reconciliation":
      return findRevenueMismatch({
        analyticsRevenue: ctx.data.total("revenue", w.periodStart, w.periodEnd),
        orderRevenue: ctx.data.total("orderRevenue", w.periodStart, w.periodEnd),
        ...period,
      });
  }
}

/** Sessions without a single conversion, lead or transaction recorded: goals are not tracked. */
function missingConversions(ctx: EngineContext): AuditFinding[] {
  const w = ctx.window;
  const sessions = ctx.data.total("sessions", w.periodStart, w.periodEnd) ?? 0;
  if (sessions < 100) return [];
  const outcomes = (["conversions", "leads", "transactions"] as const).map((p) =>
    ctx.data.total(p, w.periodStart, w.periodEnd),
  );
  if (outcomes.some((v) => v !== null && v > 0)) return [];
  const recorded = outcomes.some((v) => v !== null);
  // Data without any outcome column is an export's choice, not broken tracking: worth saying where
  // outcomes are the KPI (a shop, a lead form); a content or brand site is judged on engagement.
  const outcomesAreKpi = ctx.project.siteType === "ecommerce" || ctx.project.siteType === "lead_generation";
  if (!recorded && !outcomesAreKpi) return [];
  return [
    {
      kind: "audit",
      check: "missing_conversions" as AuditFinding["check"],
      issue: recorded ? "zero_conversions" : "no_conversion_metric",
      severity: recorded ? "high" : "medium",
      metric: "conversions",
      dimension: null,
      dimensionValue: null,
      periodStart: w.periodStart,
      periodEnd: w.periodEnd,
      current: recorded ? 0 : null,
      baseline: sessions,
      change: null,
      changePct: null,
      expectedLow: null,
      expectedHigh: null,
      confidence: 1,
      direction: null,
      count: 1,
      examples: [],
    },
  ];
}
