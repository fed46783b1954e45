import { z } from "zod";
import { findingSchema, insightNarrationSchema, insightOutcomeSchema } from "../../insights/finding";
import { INSIGHT_GROUPS, INSIGHT_STAGES } from "../reports";
import { day, done, list, seasonPredictionSchema, timestamp, uuid } from "./common";

// What the report-reading routes answer (insights, tags, saved insights, headline figures, the catalogue): the API
// an agency's dashboard reads. Checked against every answer the test suite receives (test/response-check.ts).

const point = z.strictObject({
  date: day,
  value: z.number().nullable(),
  expected: z.number().nullable().optional(),
  low: z.number().nullable().optional(),
  high: z.number().nullable().optional(),
});

/**
 * The compact chart an insight carries (server/insights/engine/types.ts `Chart`). Open to fields the engine adds, as
 * the findings are: a chart only ever gains fields.
 */
export const insightChartResponse = z.discriminatedUnion("type", [
  z.looseObject({
    type: z.literal("series"),
    metric: z.string(),
    unit: z.string(),
    dimension: z.string().optional(),
    dimensionValue: z.string().optional(),
    points: z.array(point),
    marks: z.array(z.strictObject({ date: day, kind: z.string() })).optional(),
    periodStart: day.optional(),
  }),
  z.looseObject({
    type: z.literal("contributions"),
    metric: z.string(),
    unit: z.string(),
    dimension: z.string(),
    totalCurrent: z.number(),
    totalBaseline: z.number(),
    totalChange: z.number(),
    segments: z.array(
      z.strictObject({
        value: z.string(),
        current: z.number().nullable(),
        baseline: z.number().nullable(),
        contribution: z.number(),
      }),
    ),
    otherContribution: z.number(),
  }),
  z.looseObject({
    type: z.literal("funnel"),
    steps: z.array(z.strictObject({ metric: z.string(), current: z.number(), baseline: z.number() })),
  }),
  z.looseObject({
    type: z.literal("audit"),
    items: z.array(z.strictObject({ issue: z.string(), severity: z.string(), count: z.number() })),
  }),
]);

const tagRef = z.strictObject({ _id: uuid, name: z.string() });

/** An insight as the API shows it (server/services/insights/insight-view.ts). */
export const insightResponse = z.strictObject({
  _id: uuid,
  reportId: uuid,
  projectId: uuid,
  intention: z.strictObject({ key: z.string(), title: z.string(), question: z.string() }),
  group: z.enum(INSIGHT_GROUPS),
  funnelStage: z.enum(INSIGHT_STAGES),
  title: z.string(),
  summary: z.string(),
  impact: z.number(),
  kpiEffect: z.number().nullable(),
  kpiMetric: z.string().nullable(),
  rank: z.number().int(),
  isWaitForGenerating: z.boolean(),
  tags: z.array(tagRef),
  saved: z.boolean(),
  findings: z.array(findingSchema),
  chart: insightChartResponse.nullable(),
  narration: insightNarrationSchema.nullable(),
  outcome: insightOutcomeSchema,
  /** True for Other Insights only: a reader may dismiss that group from the report (PUT …/dismissed-groups). */
  dismissPopUp: z.boolean(),
  createdAt: timestamp,
});

/** GET /insights/properties/{id}: a report's insights in rank order, and which report they are of. */
export const insightListResponse = list(insightResponse).extend({ reportId: uuid.nullable() });

/** GET /insights/{id}: the insight with its report's period and its project. */
export const insightDetailResponse = insightResponse.extend({
  report: z
    .strictObject({
      _id: uuid,
      name: z.string().nullable(),
      periodStart: day,
      periodEnd: day,
      compareTo: z.enum(["previous_period", "previous_year"]),
      kind: z.enum(["report", "alert_check"]),
    })
    .nullable(),
  project: z.strictObject({ _id: uuid, name: z.string(), currency: z.string() }),
});

/** A tag (a custom report) with its insights' ids. */
export const tagResponse = z.strictObject({
  _id: uuid,
  projectId: uuid,
  name: z.string(),
  count: z.number().int(),
  insightIds: z.array(uuid),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export const tagListResponse = list(tagResponse.omit({ insightIds: true }));

const savedEntry = z.strictObject({ id: uuid, _id: uuid, insightId: uuid, savedAt: timestamp });
export const savedListResponse = list(savedEntry.extend({ insight: insightResponse }));
export const savedResponse = savedEntry;
export const unsavedResponse = done({ insightId: z.string(), removed: z.number().int() });

/** GET /reports/{id}/kpis: the headline figures of the report's period against its comparison period. */
export const reportKpisResponse = z.strictObject({
  reportId: uuid,
  periodStart: day,
  periodEnd: day,
  comparisonStart: day,
  comparisonEnd: day,
  currency: z.string(),
  kpis: z.array(
    z.strictObject({
      metric: z.string(),
      unit: z.string(),
      current: z.number().nullable(),
      baseline: z.number().nullable(),
      change: z.number().nullable(),
      changePct: z.number().nullable(),
      points: z.array(z.strictObject({ date: day, value: z.number().nullable() })),
      grain: z.enum(["day", "week", "month"]),
      estimatedDays: z.array(day),
      significant: z.boolean().nullable(),
      season: seasonPredictionSchema.nullable(),
      /** A cost per result's results (clicks, conversions) a day in each period: cheaper but fewer is no gain. */
      results: z
        .strictObject({ metric: z.string(), before: z.number(), after: z.number(), changePct: z.number().nullable() })
        .optional(),
    }),
  ),
});

/** GET /templates: the intention catalogue a report answers from. */
export const templateListResponse = list(
  z.strictObject({
    _id: z.string(),
    key: z.string(),
    title: z.string(),
    question: z.string(),
    stage: z.enum(INSIGHT_STAGES),
    stageLabel: z.string(),
    metrics: z.array(z.string()),
    dimensions: z.array(z.string()),
    siteTypes: z.array(z.string()),
    analysis: z.string(),
  }),
);

export const deletedResponse = done({ _id: uuid });
