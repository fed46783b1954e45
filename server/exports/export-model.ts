// What the PowerPoint and Excel builders read: everything already loaded and resolved (theme,
// names, period, insights with their evidence and chart data), so the builders are pure functions
// from this model to a file and can be tested and benchmarked without a database.
import type { Chart } from "../insights/engine/types";
import type { Finding } from "../insights/types";
import type { ReportKpi } from "../services/reports/report-kpis";
import type { InsightNarration, InsightOutcome } from "@/lib/insights/finding";

export type ExportFormat = "pptx" | "xlsx";

/** A raster logo: Office files embed PNG and JPEG everywhere; an SVG logo arrives rendered to PNG (see load-theme). */
export interface ExportLogo {
  data: Buffer;
  mimeType: "image/png" | "image/jpeg";
  /** Pixel size when known (PNG and JPEG headers), to keep the aspect ratio. */
  width: number | null;
  height: number | null;
}

export interface ExportTheme {
  logo: ExportLogo | null;
  /** Hex colours as the customization stores them ("#2563eb"); builders convert per format. */
  chartColor: string;
  palette: string[];
  /** The customization's CSS font stack; builders pick the Office font from it. */
  font: string;
  reportTitle: string;
  footerText: string;
}

/** One piece of evidence: the engine's Finding, plus what audit findings add. */
export type ExportFinding = Finding & {
  date?: string;
  check?: string;
  issue?: string;
  severity?: "low" | "medium" | "high";
  count?: number;
  examples?: string[];
};

export type ExportGroup = "most_impactful" | "data_quality" | "other";

export interface ExportInsight {
  id: string;
  title: string;
  summary: string;
  /** The narrator's stored text (lib/insights/narrate); null without findings or for a report before it was kept. */
  narration?: InsightNarration | null;
  /** What the engine's question came to (insights.outcome): findings, nothing notable, or not run. */
  outcome?: InsightOutcome | null;
  /** The intention's question ("Which channels drove the change in conversions?"). */
  question: string;
  group: ExportGroup;
  funnelStage: string;
  /** The ranking weight (impact.ts); the estimated effect on the KPI, in its unit, is `kpiEffect`. */
  impact: number;
  /** The change in the primary KPI the insight stands for ("-1.4 deals won"), where the engine quotes one. */
  kpiEffect: number | null;
  kpiMetric: string | null;
  rank: number;
  findings: ExportFinding[];
  chart: Chart | null;
}

/** One of the report's key figures (the report page's strip): its total, comparison, change and whether it is news. */
export type ExportFigure = Pick<
  ReportKpi,
  "metric" | "unit" | "current" | "baseline" | "change" | "changePct" | "significant" | "season"
>;

export interface ExportModel {
  theme: ExportTheme;
  /** Who sends the files: the agency's name stands wherever a product name would reach its client (white label). */
  agency: { name: string };
  client: { name: string };
  project: { name: string; currency: string; url: string | null };
  period: { start: string; end: string; compareTo: "previous_period" | "previous_year" | null };
  /** The report a client's share link opens: the one exported, or the newest the chosen insights come from. */
  reportId?: string | null;
  /** The report's own name, the tag's name, or null for a selection. */
  source: { kind: "report" | "tag" | "selection"; name: string | null };
  generatedAt: Date;
  /**
   * In rank order, what the client receives in full: the insights with findings, then, when everything checked was
   * asked for, those that found nothing (lib/insights/report-document.ts); never a question that could not run.
   */
  insights: ExportInsight[];
  /** The titles of the questions checked that found nothing, told in one line ("Also checked, nothing notable: …"). */
  alsoChecked?: string[];
  /** The report's key figures when a whole report is exported (not a tag or a selection of insights). */
  figures?: ExportFigure[] | null;
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
