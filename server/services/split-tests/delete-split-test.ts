import "server-only";
import { and, eq } from "drizzle-orm";
import type { SplitTestAccess } from "../../auth/split-test-access";
import { db } from "../../db/client";
import { splitUrlTests } from "../../db/schema";
import type { AccessServiceContext } from "../context";

/** DELETE /urlsplitters/{id}: insights already added to reports stay (they are frozen copies). */
export async function deleteSplitTest({ ctx }: { ctx: AccessServiceContext<SplitTestAccess> }) {
  await db()
    .delete(splitUrlTests)
    .where(and(eq(splitUrlTests.id, ctx.access.splitTest.id), eq(splitUrlTests.agencyId, ctx.actor.agencyId)));
  return { status: 200, _id: ctx.access.splitTest.id };
}
