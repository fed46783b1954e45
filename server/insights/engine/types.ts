import type { Intention, SiteTypeKey } from "@/lib/insights/intentions";
import type { ProjectData } from "../data/project-data";
import type { ReportWindow } from "../data/window";
import type { Finding } from "../types";

export interface EngineProject {
  siteType: SiteTypeKey;
  url: string | null;
  currency: string;
}

/** The project's primary KPI for its site type (the first of PRIMARY_KPIS its data holds). */
export interface Kpi {
  metric: string;
  /** Its total over the comparison period (over the current period when that is empty). */
  reference: number;
}

export interface EngineContext {
  data: ProjectData;
  window: ReportWindow;
  project: EngineProject;
  kpi: Kpi | null;
}

/** A compact chart: the period's daily series with its expected range, or segment contributions. */
export type Chart =
  | {
      type: "series";
      metric: string;
      unit: string;
      points: {
        date: string;
        value: number | null;
        expected?: number | null;
        low?: number | null;
        high?: number | null;
      }[];
      marks?: { date: string; kind: string }[];
    }
  | {
      type: "contributions";
      metric: string;
      unit: string;
      dimension: string;
      totalCurrent: number;
      totalBaseline: number;
      totalChange: number;
      segments: { value: string; current: number | null; baseline: number | null; contribution: number }[];
      otherContribution: number;
    }
  | { type: "funnel"; steps: { metric: string; current: number; baseline: number }[] }
  | { type: "audit"; items: { issue: string; severity: string; count: number }[] };

export interface IntentionOutcome {
  intention: Intention;
  /** Significant findings only (empty: "no significant results"). */
  findings: Finding[];
  chart: Chart | null;
  /** Estimated change of the primary KPI the findings account for, in KPI units (signed). */
  kpiEffect: number;
  /** For metrics with no path to the KPI: the relative change, weighted down (impact.ts). */
  indirectEffect: number;
  /** Audit insights: the worst severity's weight. */
  severity: number;
}
