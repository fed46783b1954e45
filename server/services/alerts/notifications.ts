import "server-only";
import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { db } from "../../db/client";
import { alertNotifications, clientProjects, clients, clientStaff, projectAlerts } from "../../db/schema";
import { NotFoundError } from "../../errors";
import type { ServiceContext } from "../context";
import { alertPath } from "./alert-link";

/** The bell lists this many, newest first; older ones stay read in the digests they went out in. */
export const BELL_LIMIT = 30;

/**
 * The caller's own notifications in their agency, of projects they can still see: the agency's admins see every
 * client's, staff those of clients shared with them and not suspended. Everything else is 404, as if it did not exist.
 */
function mine(ctx: ServiceContext): SQL {
  const visible = ctx.actor.isAgencyAdmin
    ? sql`true`
    : sql`${clientStaff.userId} is not null and ${clients.status} = 'active'`;
  return and(
    eq(alertNotifications.userId, ctx.actor.userId),
    eq(alertNotifications.agencyId, ctx.actor.agencyId),
    visible,
  ) as SQL;
}

/** The caller's notifications with their alert, project and client, and the caller's share of that client. */
function withJoins<T extends PgSelect>(ctx: ServiceContext, qb: T) {
  return qb
    .innerJoin(projectAlerts, eq(projectAlerts.id, alertNotifications.alertId))
    .innerJoin(clientProjects, eq(clientProjects.id, projectAlerts.projectId))
    .innerJoin(clients, eq(clients.id, clientProjects.clientId))
    .leftJoin(clientStaff, and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, ctx.actor.userId)));
}

const itemFields = {
  id: alertNotifications.id,
  readAt: alertNotifications.readAt,
  createdAt: alertNotifications.createdAt,
  kind: projectAlerts.kind,
  headline: projectAlerts.headline,
  date: projectAlerts.date,
  projectId: projectAlerts.projectId,
  insightId: projectAlerts.insightId,
  dataSourceId: projectAlerts.dataSourceId,
  projectName: clientProjects.name,
  clientId: clients.id,
  clientName: clients.name,
};

function view(r: {
  id: string;
  readAt: Date | null;
  createdAt: Date;
  kind: string;
  headline: string;
  date: string;
  projectId: string;
  insightId: string | null;
  dataSourceId: string | null;
  projectName: string;
  clientId: string;
  clientName: string;
}) {
  return {
    _id: r.id,
    kind: r.kind,
    headline: r.headline,
    date: r.date,
    createdAt: r.createdAt.toISOString(),
    read: r.readAt !== null,
    url: alertPath(r),
    project: { _id: r.projectId, name: r.projectName },
    client: { _id: r.clientId, name: r.clientName },
  };
}

async function unreadCount(ctx: ServiceContext): Promise<number> {
  const [row] = await withJoins(ctx, db().select({ n: count() }).from(alertNotifications).$dynamic()).where(
    and(mine(ctx), isNull(alertNotifications.readAt)),
  );
  return Number(row?.n ?? 0);
}

/** GET /alerts: the bell's list and its unread count. */
export async function listNotifications({ ctx }: { ctx: ServiceContext }) {
  const [rows, unread] = await Promise.all([
    withJoins(ctx, db().select(itemFields).from(alertNotifications).$dynamic())
      .where(mine(ctx))
      .orderBy(desc(alertNotifications.createdAt))
      .limit(BELL_LIMIT),
    unreadCount(ctx),
  ]);
  return { unread, items: rows.map(view) };
}

/** PUT /alerts/{id}: one notification read or unread; another person's or agency's is 404. */
export async function markNotification({ ctx, input }: { ctx: ServiceContext; input: { id: string; read: boolean } }) {
  const [row] = await withJoins(ctx, db().select(itemFields).from(alertNotifications).$dynamic()).where(
    and(mine(ctx), eq(alertNotifications.id, input.id)),
  );
  if (!row) throw new NotFoundError();
  const readAt = input.read ? (row.readAt ?? new Date()) : null;
  await db().update(alertNotifications).set({ readAt }).where(eq(alertNotifications.id, input.id));
  return { item: view({ ...row, readAt }), unread: await unreadCount(ctx) };
}

/** POST /alerts/read-all: every notification of the caller's read. */
export async function markAllNotificationsRead({ ctx }: { ctx: ServiceContext }) {
  await db()
    .update(alertNotifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(alertNotifications.userId, ctx.actor.userId),
        eq(alertNotifications.agencyId, ctx.actor.agencyId),
        isNull(alertNotifications.readAt),
      ),
    );
  return { unread: await unreadCount(ctx) };
}
