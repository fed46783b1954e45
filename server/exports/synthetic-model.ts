// A deterministic export model of any size, for the builders' tests and the exports benchmark:
// insights of every chart kind (anomalies with an expected band, period changes, drivers, funnel,
// audit) over `days` days of daily series. Not used by the product.
import { addDays } from "@/lib/dates";
import type { ExportInsight, ExportModel, ExportTheme } from "./export-model";
import type { Finding } from "@/lib/insights/finding";
import { narrateInsight } from "@/lib/insights/narrate";

const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export interface SyntheticOptions {
  insights?: number;
  days?: number;
  periodEnd?: string;
  theme?: Partial<ExportTheme>;
}

const KINDS = ["anomaly", "change", "driver", "funnel", "audit"] as const;
const round = (x: number) => Math.round(x * 100) / 100;

function insightOf(i: number, days: number, periodEnd: string): ExportInsight {
  const kind = KINDS[i % KINDS.length];
  const periodStart = addDays(periodEnd, -27);
  const first = addDays(periodEnd, -(days - 1));
  const base = 400 + 37 * i;
  const wave = (d: number) => base * (1 + 0.15 * Math.sin((2 * Math.PI * d) / 7)) + ((d * 13 + i * 7) % 11);
  const metric = i % 3 === 0 ? "revenue" : "conversions";
  const common = {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    rank: i + 1,
    impact: round(0.5 / (i + 1)),
    // The KPI is revenue: a revenue finding's effect is its own change; a conversions finding's, at €95 an order.
    kpiEffect: round((metric === "revenue" ? -base * 3 : -base * 0.2 * 95) / (i + 1)),
    kpiMetric: "revenue",
    question: "What changed, and why?",
  };
  const finding = {
    kind,
    metric,
    dimension: null,
    dimensionValue: null,
    periodStart,
    periodEnd,
    current: round(base * 28 * 0.8),
    baseline: round(base * 28),
    change: round(-base * 28 * 0.2),
    changePct: -0.2,
    expectedLow: null,
    expectedHigh: null,
    confidence: 0.95,
    direction: "down" as const,
    pValue: 0.001,
  };
  switch (kind) {
    case "anomaly": {
      const points = Array.from({ length: days }, (_, d) => {
        const expected = round(wave(d));
        const spike = d === days - 5 ? 2.2 : 1;
        return {
          date: addDays(first, d),
          value: d === 3 ? null : round(expected * spike),
          expected,
          low: round(expected * 0.85),
          high: round(expected * 1.15),
        };
      });
      const spike = points[days - 5];
      return {
        ...common,
        title: `Unusual day in ${metric} (${i + 1})`,
        summary: `${metric} was far above its expected range on ${spike.date}.`,
        group: "most_impactful",
        funnelStage: "evaluation",
        findings: [
          {
            ...finding,
            periodStart: spike.date,
            periodEnd: spike.date,
            date: spike.date,
            current: spike.value,
            baseline: spike.expected,
            change: round(spike.value! - spike.expected),
            changePct: round((spike.value! - spike.expected) / spike.expected),
            expectedLow: spike.low,
            expectedHigh: spike.high,
            direction: "up",
          },
        ],
        chart: { type: "series", metric, unit: metric === "revenue" ? "currency" : "count", points },
      };
    }
    case "change":
      return {
        ...common,
        title: `${metric} fell by 20 % (${i + 1})`,
        summary: `${metric} fell by a fifth against the previous period.`,
        group: "most_impactful",
        funnelStage: "experience",
        findings: [finding],
        chart: {
          type: "series",
          metric,
          unit: metric === "revenue" ? "currency" : "count",
          points: Array.from({ length: days }, (_, d) => ({ date: addDays(first, d), value: round(wave(d)) })),
        },
      };
    case "driver": {
      const segments = ["Paid Search", "Organic Search", "Email", "Direct"].map((value, k) => ({
        value,
        current: round(base * (4 - k)),
        baseline: round(base * (4 - k) * 1.1),
        contribution: round(-base * (0.4 - 0.1 * k)),
      }));
      return {
        ...common,
        title: `Paid Search drove the change (${i + 1})`,
        summary: "Paid Search accounts for most of the fall.",
        group: "other",
        funnelStage: "exposure",
        findings: segments.map((s) => ({
          ...finding,
          kind: "driver" as const,
          dimension: "channel",
          dimensionValue: s.value,
          current: s.current,
          baseline: s.baseline,
          change: s.contribution,
          changePct: round(s.contribution / s.baseline),
        })),
        chart: {
          type: "contributions",
          metric,
          unit: metric === "revenue" ? "currency" : "count",
          dimension: "channel",
          totalCurrent: segments.reduce((s, x) => s + x.current, 0),
          totalBaseline: segments.reduce((s, x) => s + x.baseline, 0),
          totalChange: segments.reduce((s, x) => s + x.contribution, 0),
          segments,
          otherContribution: -12,
        },
      };
    }
    case "funnel":
      return {
        ...common,
        title: `Fewer sessions reach a conversion (${i + 1})`,
        summary: "The step from engaged session to conversion weakened.",
        group: "other",
        funnelStage: "exploration",
        findings: [
          {
            ...finding,
            kind: "funnel",
            metric: "conversion_rate",
            current: 0.021,
            baseline: 0.03,
            change: -0.009,
            changePct: -0.3,
          },
        ],
        chart: {
          type: "funnel",
          steps: [
            { metric: "sessions", current: base * 100, baseline: base * 98 },
            { metric: "engaged_sessions", current: base * 60, baseline: base * 59 },
            { metric: "conversions", current: base * 2, baseline: base * 3 },
          ],
        },
      };
    case "audit":
      return {
        ...common,
        impact: 0,
        kpiEffect: null,
        kpiMetric: null,
        title: `Data quality: tracking gaps (${i + 1})`,
        summary: "Some days have no data from one source.",
        group: "data_quality",
        funnelStage: "audit",
        findings: [
          {
            ...finding,
            kind: "audit",
            metric: "sessions",
            current: null,
            baseline: null,
            change: null,
            changePct: null,
            direction: null,
            check: "missing_days",
            issue: "Days without data",
            severity: "medium",
            count: 3 + i,
            examples: ["2026-03-02", "2026-03-03"],
          },
        ],
        chart: { type: "audit", items: [{ issue: "Days without data", severity: "medium", count: 3 + i }] },
      };
  }
}

/** The insight with the narration a report stores beside it (lib/insights/narrate), as a generated report has it. */
export function narrated(insight: ExportInsight, periodEnd: string): ExportInsight {
  const period = { start: addDays(periodEnd, -27), end: periodEnd };
  const findings = insight.findings as unknown as Finding[];
  const narration = narrateInsight(
    {
      findings,
      chart: insight.chart,
      kpiEffect: insight.kpiEffect,
      kpiMetric: insight.kpiMetric,
      sentences: [insight.summary],
    },
    { currency: "EUR", period },
  );
  return { ...insight, narration };
}

export function syntheticModel(options: SyntheticOptions = {}): ExportModel {
  const days = options.days ?? 60;
  const periodEnd = options.periodEnd ?? "2026-03-31";
  return {
    theme: {
      logo: { data: TINY_PNG, mimeType: "image/png", width: 1, height: 1 },
      chartColor: "#0f766e",
      palette: ["#0f766e", "#f59e0b"],
      font: "Inter, Arial, sans-serif",
      reportTitle: "Monthly performance",
      footerText: "Prepared by Acme Agency · Confidential",
      ...options.theme,
    },
    agency: { name: "Acme Agency" },
    client: { name: "Acme" },
    project: { name: "Acme shop", currency: "EUR", url: "https://shop.acme.example" },
    period: { start: addDays(periodEnd, -27), end: periodEnd, compareTo: "previous_period" },
    source: { kind: "report", name: "March report" },
    generatedAt: new Date("2026-04-01T08:00:00Z"),
    insights: Array.from({ length: options.insights ?? 5 }, (_, i) =>
      narrated(insightOf(i, days, periodEnd), periodEnd),
    ),
    // The report page's key figures: revenue up and backed by the tests, orders within their normal variation.
    figures: [
      {
        metric: "revenue",
        unit: "currency",
        current: 48_210.5,
        baseline: 40_120,
        change: 8_090.5,
        changePct: 0.2017,
        significant: true,
        season: null,
      },
      {
        metric: "transactions",
        unit: "count",
        current: 512,
        baseline: 530,
        change: -18,
        changePct: -0.034,
        significant: false,
        season: null,
      },
      {
        metric: "ecommerceConversionRate",
        unit: "percent",
        current: 0.0214,
        baseline: 0.0262,
        change: -0.0048,
        changePct: -0.183,
        significant: true,
        season: null,
      },
    ],
  };
}
