import "server-only";
import { and, eq } from "drizzle-orm";
import { requireProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { reportDeliveries } from "../../db/schema";
import { NotFoundError } from "../../errors";
import type { ServiceContext } from "../context";
import { deliveryView } from "./delivery-view";

/** GET /deliveries/{id}: an emailed report's status, for whoever may see its project. */
export async function getDelivery({ ctx, input }: { ctx: ServiceContext; input: { id: string } }) {
  const [row] = await db()
    .select()
    .from(reportDeliveries)
    .where(and(eq(reportDeliveries.id, input.id), eq(reportDeliveries.agencyId, ctx.actor.agencyId)));
  if (!row) throw new NotFoundError();
  await requireProjectAccess(ctx.actor, row.projectId, "report:view");
  return deliveryView(row);
}
