import type { Grain } from "@/lib/csv-import/grain";
import type { StartedSegmentWatch } from "./analyses/segment-watch";
import type { FindingOf } from "@/lib/insights/finding";
import type { Intention, SiteTypeKey } from "@/lib/insights/intentions";
import type { ProjectData } from "../data/project-data";
import type { SegmentDaily } from "../data/segment-daily";
import type { ReportWindow } from "../data/window";
import type { SourceDays } from "../data/source-days";
import type { Finding } from "../types";
import type { CompetitionData } from "../competition/analyse-competition";
import type { SameCount } from "./same-counts";

export interface EngineProject {
  siteType: SiteTypeKey;
  url: string | null;
  currency: string;
  /** The project's primary KPI setting (lib/constants/settings.ts KPIS), null for the site type's default. */
  primaryKpi?: string | null;
  /** Its data sources' names by id: a total read from one of several sources says which. */
  sourceNames?: Readonly<Record<string, string>>;
  /**
   * Each source's grain (data_sources.grain, ADR 0019), by id; a source not listed is daily. A weekly or monthly row is
   * a whole week or month dated by its first day: no day of it is judged, while a daily source beside it is judged day
   * by day (data/source-grain.ts).
   */
  sourceGrains?: Readonly<Record<string, Grain>>;
}

/** Everything a report is computed from, already loaded: the engine reads no database. */
export interface EngineInput {
  data: ProjectData;
  segmentDaily: SegmentDaily;
  window: ReportWindow;
  project: EngineProject;
  /** Keyword positions and visits of the client and its competitors, when the project's competitive analysis is on. */
  competition?: CompetitionData | null;
}

/** The project's primary KPI for its site type (the first of PRIMARY_KPIS its data holds). */
export interface Kpi {
  metric: string;
  /** Its total over the comparison period (over the current period when that is empty). */
  reference: number;
}

export interface EngineContext {
  /** The data with tracking-gap days removed (null), which every detector but the audit reads. */
  data: ProjectData;
  /** The data as loaded, for the data quality audit. */
  rawData: ProjectData;
  segmentDaily: SegmentDaily;
  /** Each source's tracking-gap, partial and frozen days, left out by every other detector (audit/unknown-days.ts). */
  excludedDays: SourceDays;
  /** The frozen runs among them, each a data-quality finding of the audit's tracking-gaps check. */
  frozen?: readonly FindingOf<"audit">[];
  window: ReportWindow;
  project: EngineProject;
  kpi: Kpi | null;
  competition?: CompetitionData | null;
  /** The segment watch's detections, started before the intentions run (run-engine.ts). */
  segmentWatch?: StartedSegmentWatch;
  /** Conversions that hold the same numbers as another count in this data (same-counts.ts): read as that count. */
  sameCount?: SameCount | null;
}

/** A compact chart: the period's daily series with its expected range, or segment contributions. */
export type Chart =
  | {
      type: "series";
      metric: string;
      unit: string;
      /** The segment the series belongs to (segment-watch insights); absent for the whole site. */
      dimension?: string;
      dimensionValue?: string;
      points: {
        date: string;
        value: number | null;
        expected?: number | null;
        low?: number | null;
        high?: number | null;
      }[];
      marks?: { date: string; kind: string }[];
      /**
       * The report period's first day, when the points start before it (a trend's weeks before the period, a stretch
       * that began before it): the chart draws where the period begins.
       */
      periodStart?: string;
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
  /** Hypotheses the analysis tested (days judged, series scanned, steps compared), for the report-wide FDR. */
  tests?: number;
  /**
   * A descriptive outcome's ranking weight stands for a move it tested apart from its findings (the competition's
   * search visibility): one more test of the report-wide FDR; `judged` hears whether it passed, and drops the weight
   * and says so when it did not.
   */
  rankTest?: { pValue: number; judged(passed: boolean): void };
  /** Localised outcomes (one segment) outrank the totals they explain. */
  localised?: boolean;
  /** The localised outcome that carries most of this total's change (explain-by-segment.ts). */
  explainedBy?: IntentionOutcome;
}
