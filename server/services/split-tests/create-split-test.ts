import "server-only";
import type { z } from "zod";
import type { createSplitTestSchema } from "@/lib/validation/split-tests";
import { requireProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { splitUrlTests } from "../../db/schema";
import type { ServiceContext } from "../context";
import { computeResult, requireTraffic, splitTestView } from "./split-test-view";

/** POST /urlsplitters: Data Creators and above; both pages must have traffic in the period. */
export async function createSplitTest({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof createSplitTestSchema>;
}) {
  const { project } = await requireProjectAccess(ctx.actor, input.projectId, "report:manage");
  await requireTraffic({ ...input, projectId: project.id });
  const [test] = await db()
    .insert(splitUrlTests)
    .values({
      agencyId: project.agencyId,
      projectId: project.id,
      name: input.name,
      urlA: input.urlA,
      urlB: input.urlB,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      primaryMetric: input.primaryMetric,
      minimumDetectableEffect: input.minimumDetectableEffect,
      confidence: input.confidence,
      createdById: ctx.actor.userId,
    })
    .returning();
  return splitTestView(test, await computeResult(test));
}
