import { z } from "zod";
import { day, list, timestamp, uuid } from "./common";
import { insightResponse } from "./insights";

// What the split test (/urlsplitters) and URL splitter (/split-links) routes answer, with the statistics of
// server/insights/split-test/analyse-split-test.ts.

const splitMetric = z.enum(["sessions", "engagementRate", "conversionRate", "revenuePerSession"]);

const variantDay = z.strictObject({
  date: day,
  sessions: z.number(),
  engagedSessions: z.number().nullable(),
  conversions: z.number().nullable(),
  revenue: z.number().nullable(),
});
const variantTotals = z.strictObject({
  sessions: z.number(),
  engagedSessions: z.number().nullable(),
  conversions: z.number().nullable(),
  revenue: z.number().nullable(),
  days: z.number().int(),
});

/** A comparison of B with A: each metric's values, B − A with its interval, the p-value, what is still needed. */
export const splitTestResultResponse = z.strictObject({
  verdict: z.enum(["winner", "no_difference", "not_enough_data"]),
  winner: z.enum(["a", "b"]).nullable(),
  headline: z.string(),
  primaryMetric: splitMetric,
  totals: z.strictObject({ a: variantTotals, b: variantTotals }),
  metrics: z.array(
    z.strictObject({
      metric: splitMetric,
      test: z.enum(["two_proportion", "welch"]),
      a: z.number(),
      b: z.number(),
      difference: z.number(),
      /** B − A's confidence interval; null ends when it cannot be computed (no variance: NaN in JSON). */
      interval: z.strictObject({ low: z.number().nullable(), high: z.number().nullable() }),
      relative: z.number().nullable(),
      pValue: z.number().nullable(),
      /** Welch's degrees of freedom (sessions, revenue per session); null when the test cannot be computed. */
      df: z.number().nullable().optional(),
      significant: z.boolean(),
      neededPerVariant: z.number().nullable(),
      remainingPerVariant: z.number().nullable(),
      unit: z.enum(["sessions", "days"]),
    }),
  ),
  series: z.array(z.strictObject({ date: day, a: variantDay, b: variantDay })),
});

const splitTest = z.strictObject({
  _id: uuid,
  projectId: uuid,
  name: z.string(),
  urlA: z.string(),
  urlB: z.string(),
  periodStart: day,
  periodEnd: day,
  primaryMetric: splitMetric,
  minimumDetectableEffect: z.number(),
  confidence: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
const splitTestWithResult = splitTest.extend({ result: splitTestResultResponse });

/** A URL splitter: its public link, variants and state. */
export const splitLinkResponse = z.strictObject({
  _id: uuid,
  projectId: uuid,
  name: z.string(),
  slug: z.string(),
  /** The public link to put in campaigns: {APP_URL}{BASE_PATH}/s/{slug}. */
  url: z.url(),
  status: z.enum(["running", "paused", "stopped"]),
  variants: z.array(z.strictObject({ key: z.string(), url: z.url(), weight: z.number() })),
  primaryMetric: splitMetric,
  minimumDetectablePct: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const splitLinkAnalysis = z.strictObject({
  period: z.strictObject({ start: day, end: day }),
  /** Visitors sent to each variant (new ones: assignments), by day. */
  traffic: z.array(
    z.strictObject({
      key: z.string(),
      assignments: z.number().int(),
      visits: z.number().int(),
      byDay: z.array(z.strictObject({ date: day, assignments: z.number().int(), visits: z.number().int() })),
    }),
  ),
  /** Each comparison's confidence (Bonferroni-corrected with more than one challenger). */
  confidence: z.number(),
  comparisons: z.array(z.strictObject({ key: z.string(), result: splitTestResultResponse })),
});

const deleted = z.strictObject({ status: z.number().int(), _id: uuid });

export const SPLIT_TEST_RESPONSES = {
  "GET /api/urlsplitters": list(splitTest),
  "POST /api/urlsplitters": splitTestWithResult,
  "GET /api/urlsplitters/{id}": splitTestWithResult,
  "PUT /api/urlsplitters/{id}": splitTestWithResult,
  "DELETE /api/urlsplitters/{id}": deleted,
  "POST /api/urlsplitters/{id}/insight": insightResponse,
  "GET /api/split-links": list(splitLinkResponse),
  "POST /api/split-links": splitLinkResponse,
  "GET /api/split-links/{id}": splitLinkResponse.extend({ analysis: splitLinkAnalysis }),
  "PUT /api/split-links/{id}": splitLinkResponse,
  "DELETE /api/split-links/{id}": deleted,
} satisfies Record<string, z.ZodType>;
