import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { listSplitTestsSchema } from "@/lib/validation/split-tests";
import { requireProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { splitUrlTests } from "../../db/schema";
import type { ServiceContext } from "../context";
import { splitTestView } from "./split-test-view";

/** GET /urlsplitters?projectId=: the project's tests, newest first (questions only; results per test). */
export async function listSplitTests({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof listSplitTestsSchema>;
}) {
  const { project } = await requireProjectAccess(ctx.actor, input.projectId, "report:view");
  const rows = await db()
    .select()
    .from(splitUrlTests)
    .where(and(eq(splitUrlTests.projectId, project.id), eq(splitUrlTests.agencyId, ctx.actor.agencyId)))
    .orderBy(desc(splitUrlTests.createdAt));
  return { docs: rows.map((r) => splitTestView(r)), total: rows.length };
}
