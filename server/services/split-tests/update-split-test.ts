import "server-only";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { SPLIT_TEST_MESSAGES, type updateSplitTestSchema } from "@/lib/validation/split-tests";
import { daysBetween } from "@/lib/dates";
import type { SplitTestAccess } from "../../auth/split-test-access";
import { db } from "../../db/client";
import { splitUrlTests } from "../../db/schema";
import { ValidationError } from "../../errors";
import type { AccessServiceContext } from "../context";
import { computeResult, requireTraffic, splitTestView } from "./split-test-view";

/** PUT /urlsplitters/{id}: the merged question is checked as a new one would be; nothing changes on a 4xx. */
export async function updateSplitTest({
  ctx,
  input,
}: {
  ctx: AccessServiceContext<SplitTestAccess>;
  input: z.output<typeof updateSplitTestSchema>;
}) {
  const current = ctx.access.splitTest;
  const next = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
  if (next.urlA === next.urlB) throw new ValidationError({ urlB: SPLIT_TEST_MESSAGES.identicalUrls });
  if (daysBetween(next.periodStart, next.periodEnd) < 1)
    throw new ValidationError({ periodStart: SPLIT_TEST_MESSAGES.startAfterEnd });
  if (daysBetween(next.periodStart, next.periodEnd) > 366)
    throw new ValidationError({ periodEnd: SPLIT_TEST_MESSAGES.periodTooLong });
  await requireTraffic(next);
  const [test] = await db()
    .update(splitUrlTests)
    .set({
      name: next.name,
      urlA: next.urlA,
      urlB: next.urlB,
      periodStart: next.periodStart,
      periodEnd: next.periodEnd,
      primaryMetric: next.primaryMetric,
      minimumDetectableEffect: next.minimumDetectableEffect,
      confidence: next.confidence,
    })
    .where(and(eq(splitUrlTests.id, current.id), eq(splitUrlTests.agencyId, ctx.actor.agencyId)))
    .returning();
  return splitTestView(test, await computeResult(test));
}
