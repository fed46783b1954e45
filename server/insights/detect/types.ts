import type { Finding, NullModel } from "@/lib/insights/finding";
import type { ReportWindow } from "../data/window";
import type { SeriesModel } from "../model/decompose";

// What every detector returns: candidates, each a finding with the null model it was tested against, its p-value
// (never adjusted afterwards) and the number of hypotheses it stands for; and the tests the detector ran that found
// nothing. The report stage (report/fdr.ts) applies one Benjamini-Hochberg over all of them.

export interface Candidate {
  /** The finding as it will be stored, before its `significance` is known. */
  finding: Finding;
  nullModel: NullModel;
  pValue: number;
  /** The hypotheses behind this candidate (a scan over many positions is still one scan: 1). */
  family: number;
  /** What the candidate is of, for dedupe and ranking (a series key, with its metric). */
  seriesKey: string;
}

export interface Detection {
  candidates: Candidate[];
  /** Hypotheses tested, found or not: this detector's part of the report's m. */
  tests: number;
}

/** What a detector reads beside the model of one series. */
export interface DetectContext {
  window: ReportWindow;
  /** The first period index inside the report's period. */
  periodFrom: number;
  /** Money: the events a day it is made of (orders, clicks), which decide whether it can be judged; else null. */
  eventsPerDay?: number | null;
}

/** A detector of one series: reads its model, returns its candidates and how many tests it ran. */
export interface Detector {
  readonly name: string;
  detect(model: SeriesModel, ctx: DetectContext): Detection;
}

/** A series' key: source, dimension, value, metric. */
export const seriesKeyOf = (s: { sourceId: string; dimension: string | null; value: string | null; metric: string }) =>
  `${s.sourceId}|${s.dimension ?? ""}|${s.value ?? ""}|${s.metric}`;

export const NO_DETECTION: Detection = { candidates: [], tests: 0 };
