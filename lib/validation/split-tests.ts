import { z } from "zod";
import { MESSAGES, maxLengthMessage } from "../constants/messages";
import { daysBetween, isIsoDate } from "../dates";
import { MAX_TEXT_LENGTH } from "./fields";

// URL split tests (GET|POST /urlsplitters, GET|PUT|DELETE /urlsplitters/{id}): the contracts of
// the routes and the form.

export const SPLIT_TEST_METRICS = ["sessions", "engagementRate", "conversionRate", "revenuePerSession"] as const;
export const SPLIT_TEST_METRIC_LABELS: Record<(typeof SPLIT_TEST_METRICS)[number], string> = {
  sessions: "Sessions",
  engagementRate: "Engagement rate",
  conversionRate: "Conversion rate",
  revenuePerSession: "Revenue per session",
};

export const SPLIT_TEST_MESSAGES = {
  invalidDate: "Please enter a date as YYYY-MM-DD",
  startAfterEnd: "The start date must be on or before the end date",
  periodTooLong: "The period can be at most 366 days",
  invalidUrl: "Please enter a landing page path (/pricing) or a full URL",
  identicalUrls: "The two pages must be different",
  noTraffic: (url: string) => `${url} has no sessions in the store between these dates: choose another page or period`,
  emptyPeriod:
    "This project has no landing page data between these dates: import data for the period or choose another one",
  mde: "The minimum detectable effect must be between 1% and 100%",
  confidence: "The confidence must be 80%, 90%, 95% or 99%",
} as const;

/**
 * A landing page as the store holds it: a full URL becomes its path and query ("https://x.com/a?v=b"
 * → "/a?v=b"); a path is kept as given. Null when it is neither.
 */
export function normaliseLandingPage(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (v.startsWith("/")) return v;
  try {
    const url = new URL(/^https?:\/\//i.test(v) ? v : `https://${v}`);
    if (!/\.[a-z]{2,}$/i.test(url.hostname) && url.hostname !== "localhost") return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

const landingPage = (label: string) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(MAX_TEXT_LENGTH, maxLengthMessage(label))
    .transform((v, ctx) => {
      const page = normaliseLandingPage(v);
      if (page === null) {
        ctx.addIssue({ code: "custom", message: SPLIT_TEST_MESSAGES.invalidUrl });
        return z.NEVER;
      }
      return page;
    });

const isoDate = () => z.string({ error: MESSAGES.required }).trim().refine(isIsoDate, SPLIT_TEST_MESSAGES.invalidDate);

const fields = {
  name: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(MAX_TEXT_LENGTH, maxLengthMessage("Name")),
  urlA: landingPage("Page A"),
  urlB: landingPage("Page B"),
  periodStart: isoDate(),
  periodEnd: isoDate(),
  primaryMetric: z.enum(SPLIT_TEST_METRICS, {
    error: "Choose sessions, engagement rate, conversion rate or revenue per session",
  }),
  minimumDetectableEffect: z
    .number({ error: SPLIT_TEST_MESSAGES.mde })
    .min(0.01, SPLIT_TEST_MESSAGES.mde)
    .max(1, SPLIT_TEST_MESSAGES.mde),
  confidence: z.union([z.literal(0.8), z.literal(0.9), z.literal(0.95), z.literal(0.99)], {
    error: SPLIT_TEST_MESSAGES.confidence,
  }),
};

type Shape = { urlA?: string; urlB?: string; periodStart?: string; periodEnd?: string };
function crossChecks(v: Shape, ctx: z.RefinementCtx) {
  if (v.urlA !== undefined && v.urlB !== undefined && v.urlA === v.urlB)
    ctx.addIssue({ code: "custom", path: ["urlB"], message: SPLIT_TEST_MESSAGES.identicalUrls });
  if (!v.periodStart || !v.periodEnd || !isIsoDate(v.periodStart) || !isIsoDate(v.periodEnd)) return;
  const days = daysBetween(v.periodStart, v.periodEnd);
  if (days < 1) ctx.addIssue({ code: "custom", path: ["periodStart"], message: SPLIT_TEST_MESSAGES.startAfterEnd });
  else if (days > 366)
    ctx.addIssue({ code: "custom", path: ["periodEnd"], message: SPLIT_TEST_MESSAGES.periodTooLong });
}

/** POST /urlsplitters: the project it belongs to, and the question. */
export const createSplitTestSchema = z
  .object({
    projectId: z.uuid({ error: MESSAGES.required }),
    ...fields,
    primaryMetric: fields.primaryMetric.default("conversionRate"),
    minimumDetectableEffect: fields.minimumDetectableEffect.default(0.1),
    confidence: fields.confidence.default(0.95),
  })
  .superRefine(crossChecks);
export type CreateSplitTestInput = z.input<typeof createSplitTestSchema>;

/** PUT /urlsplitters/{id}: any of the fields; the whole is checked again after merging. */
export const updateSplitTestSchema = z
  .object({
    name: fields.name.optional(),
    urlA: fields.urlA.optional(),
    urlB: fields.urlB.optional(),
    periodStart: fields.periodStart.optional(),
    periodEnd: fields.periodEnd.optional(),
    primaryMetric: fields.primaryMetric.optional(),
    minimumDetectableEffect: fields.minimumDetectableEffect.optional(),
    confidence: fields.confidence.optional(),
  })
  .superRefine(crossChecks);
export type UpdateSplitTestInput = z.input<typeof updateSplitTestSchema>;

/** GET /urlsplitters?projectId=. */
export const listSplitTestsSchema = z.object({ projectId: z.uuid({ error: MESSAGES.required }) });

/** POST /urlsplitters/{id}/insight: freezes the result into a report as an insight. */
export const addSplitTestToReportSchema = z.object({ reportId: z.uuid({ error: MESSAGES.required }) });
