import "server-only";
import { count, desc, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { supportRequests } from "../../db/schema";
import { env } from "../../env";
import type { ServiceContext } from "../context";
import { pageOffset, type PageQuery } from "../pagination";
import { supportRequestView } from "./support-request-view";

/** GET /support-requests (agency admins): the agency's requests, newest first, and whether support is set up. */
export async function listSupportRequests({ ctx, input }: { ctx: ServiceContext; input: PageQuery }) {
  const where = eq(supportRequests.agencyId, ctx.actor.agencyId);
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select()
      .from(supportRequests)
      .where(where)
      .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
      .limit(input.limit)
      .offset(pageOffset(input)),
    db().select({ total: count() }).from(supportRequests).where(where),
  ]);
  return { configured: Boolean(env().SUPPORT_EMAIL), docs: rows.map(supportRequestView), total };
}
