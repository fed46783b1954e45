import "server-only";
import type { SplitUrlTest } from "../../db/schema";
import {
  analyseSplitTest,
  type SplitMetric,
  type SplitTestQuestion,
} from "../../insights/split-test/analyse-split-test";
import { BadRequestError, ValidationError } from "../../errors";
import { SPLIT_TEST_MESSAGES } from "@/lib/validation/split-tests";
import { loadVariantDays, type VariantData } from "./load-variant-days";

export function questionOf(
  test: Pick<SplitUrlTest, "urlA" | "urlB" | "primaryMetric" | "minimumDetectableEffect" | "confidence">,
): SplitTestQuestion {
  return {
    urlA: test.urlA,
    urlB: test.urlB,
    primaryMetric: test.primaryMetric as SplitMetric,
    minimumDetectableEffect: test.minimumDetectableEffect,
    confidence: test.confidence,
  };
}

/** A split test as the API shows it; `result` is computed from the store when asked for. */
export function splitTestView(test: SplitUrlTest, result?: ReturnType<typeof analyseSplitTest>) {
  return {
    _id: test.id,
    projectId: test.projectId,
    name: test.name,
    urlA: test.urlA,
    urlB: test.urlB,
    periodStart: test.periodStart,
    periodEnd: test.periodEnd,
    primaryMetric: test.primaryMetric,
    minimumDetectableEffect: test.minimumDetectableEffect,
    confidence: test.confidence,
    createdAt: test.createdAt,
    updatedAt: test.updatedAt,
    ...(result ? { result } : {}),
  };
}
export type SplitTestView = ReturnType<typeof splitTestView>;

export async function computeResult(test: SplitUrlTest) {
  const data = await loadVariantDays(test);
  return analyseSplitTest(questionOf(test), data.a, data.b);
}

/**
 * Before a test is written: the store must hold traffic for both pages in the period, else the
 * question cannot be answered and nothing is stored (400 with the field at fault).
 */
export async function requireTraffic(question: {
  projectId: string;
  urlA: string;
  urlB: string;
  periodStart: string;
  periodEnd: string;
}): Promise<VariantData> {
  const data = await loadVariantDays(question);
  if (!data.periodHasLandingPages)
    throw new BadRequestError(SPLIT_TEST_MESSAGES.emptyPeriod, { periodStart: SPLIT_TEST_MESSAGES.emptyPeriod });
  const errors: Record<string, string> = {};
  if (data.sessionsA <= 0) errors.urlA = SPLIT_TEST_MESSAGES.noTraffic(question.urlA);
  if (data.sessionsB <= 0) errors.urlB = SPLIT_TEST_MESSAGES.noTraffic(question.urlB);
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]);
  return data;
}
