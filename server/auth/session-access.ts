import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ClientAction } from "@/lib/permissions";
import { prepared } from "../db/prepared";
import {
  agencies,
  clientProjects,
  clients,
  clientStaff,
  insights,
  insightTags,
  reports,
  revokedSessions,
  users,
  type Client,
  type ClientProject,
  type Insight,
  type Report,
} from "../db/schema";
import { UnauthorizedError } from "../errors";
import type { ReadVersion } from "../services/reports/read-version";
import { actorColumns, actorFromRow, type Actor } from "./actor";
import type { InsightTag } from "./child-access";
import { authorize, clientLevel, type ProjectAccess } from "./client-access";
import type { SessionClaims } from "./session-token";

// A browser's read of a project or of something under it (a report, its KPIs, its insights) costs two or three
// queries when the session and the access are checked one after the other: the session's user, agency and
// revocation, then the resource with its project, client and the caller's level, then (insights, exports) the
// report's read version. On a 304 (server/http/read-cache.ts) those queries are all the work there is, so they are
// one query here: the same rows, joined from the session's user. Every check stays: the session (user, session
// version, revocation, confirmed agency: a failure is 401 before anything else), the resource's agency (joined on
// the session user's agency, so another agency's id finds nothing: 404), the client's sharing, suspension and level
// (authorize, as everywhere). API tokens (`fwk_…`) keep their own lookup (route.ts).

/** The session's actor and the caller's access to the resource, from one query. */
export interface SessionAccess<A> {
  actor: Actor;
  access: A;
}

/** One query's check: the session's claims, the resource's id, the action; throws the route's 401/404/403. */
export type SessionAccessCheck<A> = (
  claims: SessionClaims,
  id: string,
  action: ClientAction,
) => Promise<SessionAccess<A>>;

const sessionParams = (claims: SessionClaims) => ({ sid: claims.sid, userId: claims.sub });
/** The session's user, agency and revocation: every query here starts from these. */
const sessionUser = and(eq(users.id, sql.placeholder("userId")), isNull(revokedSessions.sessionId));
const callerLevel = and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, users.id));

function actorOf(row: { actor: Parameters<typeof actorFromRow>[0] } | undefined, claims: SessionClaims): Actor {
  const actor = actorFromRow(row?.actor, claims);
  if (!actor) throw new UnauthorizedError();
  return actor;
}

/** A table whose rows belong to one project of one agency. */
type ProjectChildTable = PgTable & { id: PgColumn; agencyId: PgColumn; projectId: PgColumn };

/** The session and access to a row under a project (report, tag, insight), as child-access.ts checks it. */
export function sessionChildAccess<K extends string, Row>(
  key: K,
  table: ProjectChildTable,
): SessionAccessCheck<ProjectAccess & { [P in K]: Row }> {
  const query = prepared((database) =>
    database
      .select({
        actor: actorColumns,
        child: table as PgTable,
        project: clientProjects,
        client: clients,
        level: clientStaff.permission,
      })
      .from(users)
      .innerJoin(agencies, eq(agencies.id, users.agencyId))
      .leftJoin(revokedSessions, eq(revokedSessions.sessionId, sql.placeholder("sid")))
      .leftJoin(table as PgTable, and(eq(table.id, sql.placeholder("id")), eq(table.agencyId, users.agencyId)))
      .leftJoin(
        clientProjects,
        and(eq(clientProjects.id, table.projectId), eq(clientProjects.agencyId, users.agencyId)),
      )
      .leftJoin(clients, eq(clients.id, clientProjects.clientId))
      .leftJoin(clientStaff, callerLevel)
      .where(sessionUser)
      .limit(1)
      .prepare(`session_${key}_access`),
  );
  return async (claims, id, action) => {
    const [row] = (await query().execute({ ...sessionParams(claims), id })) as {
      actor: Parameters<typeof actorFromRow>[0];
      child: Row | null;
      project: ClientProject | null;
      client: Client | null;
      level: number | null;
    }[];
    const actor = actorOf(row, claims);
    const access = authorize(actor, row.client ?? undefined, row.level, action);
    return {
      actor,
      access: { ...access, project: row.project!, [key]: row.child! } as ProjectAccess & { [P in K]: Row },
    };
  };
}

/** Project access with, when the read names one, the read version of a report of that project (read-cache.ts). */
export type ProjectReadAccess = ProjectAccess & { reportVersion: ReadVersion | null };

const projectQuery = prepared((database) =>
  database
    .select({
      actor: actorColumns,
      project: clientProjects,
      client: clients,
      level: clientStaff.permission,
      report: {
        id: reports.id,
        status: reports.status,
        readVersion: reports.readVersion,
        readChangedAt: reports.readChangedAt,
      },
    })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(revokedSessions, eq(revokedSessions.sessionId, sql.placeholder("sid")))
    .leftJoin(
      clientProjects,
      and(eq(clientProjects.id, sql.placeholder("id")), eq(clientProjects.agencyId, users.agencyId)),
    )
    .leftJoin(clients, eq(clients.id, clientProjects.clientId))
    .leftJoin(clientStaff, callerLevel)
    // The named report only when it is this project's, in the caller's agency (null: no report named).
    .leftJoin(
      reports,
      and(
        eq(reports.id, sql.placeholder("reportId")),
        eq(reports.projectId, clientProjects.id),
        eq(reports.agencyId, users.agencyId),
      ),
    )
    .where(sessionUser)
    .limit(1)
    .prepare("session_project_access"),
);

/** The session and access to a project (client-access.ts's rules), and the named report's read version. */
export async function sessionProjectAccess(
  claims: SessionClaims,
  id: string,
  action: ClientAction,
  reportId: string | null = null,
): Promise<SessionAccess<ProjectReadAccess>> {
  const [row] = await projectQuery().execute({ ...sessionParams(claims), id, reportId });
  const actor = actorOf(row, claims);
  const access = authorize(actor, row.client ?? undefined, row.level, action);
  const reportVersion = row.report?.id ? (row.report as ReadVersion) : null;
  return { actor, access: { ...access, project: row.project!, reportVersion } };
}

/** The one-query checks of /reports/{id}, /tags/{id} and /insights/{id} (child-access.ts's, with the session). */
export const sessionReportAccess = sessionChildAccess<"report", Report>("report", reports);
export const sessionTagAccess = sessionChildAccess<"tag", InsightTag>("tag", insightTags);
export const sessionInsightAccess = sessionChildAccess<"insight", Insight>("insight", insights);

// A revalidation answered before Next.js (server/http/early-revalidation.ts) needs only the session's actor, the
// client's agency and status, the caller's level and the report's read version: the queries below join the same rows
// by the same keys as the ones above (so the same 401, 404 and 403) and select those columns alone. Whole report,
// project and client rows cost the web server more to receive and map than the rest of a 304 (ADR 0037).

/** The actor and the read version of the report a revalidation names; throws the route's 401/404/403. */
export interface SessionReadVersion {
  actor: Actor;
  version: ReadVersion | null;
}

const readVersionColumns = {
  id: reports.id,
  status: reports.status,
  readVersion: reports.readVersion,
  readChangedAt: reports.readChangedAt,
};
const clientCheckColumns = { agencyId: clients.agencyId, status: clients.status };

const reportVersionQuery = prepared((database) =>
  database
    .select({
      actor: actorColumns,
      client: clientCheckColumns,
      level: clientStaff.permission,
      report: readVersionColumns,
    })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(revokedSessions, eq(revokedSessions.sessionId, sql.placeholder("sid")))
    .leftJoin(reports, and(eq(reports.id, sql.placeholder("id")), eq(reports.agencyId, users.agencyId)))
    .leftJoin(
      clientProjects,
      and(eq(clientProjects.id, reports.projectId), eq(clientProjects.agencyId, users.agencyId)),
    )
    .leftJoin(clients, eq(clients.id, clientProjects.clientId))
    .leftJoin(clientStaff, callerLevel)
    .where(sessionUser)
    .limit(1)
    .prepare("session_report_read_version"),
);

const projectVersionQuery = prepared((database) =>
  database
    .select({
      actor: actorColumns,
      client: clientCheckColumns,
      level: clientStaff.permission,
      report: readVersionColumns,
    })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(revokedSessions, eq(revokedSessions.sessionId, sql.placeholder("sid")))
    .leftJoin(
      clientProjects,
      and(eq(clientProjects.id, sql.placeholder("id")), eq(clientProjects.agencyId, users.agencyId)),
    )
    .leftJoin(clients, eq(clients.id, clientProjects.clientId))
    .leftJoin(clientStaff, callerLevel)
    .leftJoin(
      reports,
      and(
        eq(reports.id, sql.placeholder("reportId")),
        eq(reports.projectId, clientProjects.id),
        eq(reports.agencyId, users.agencyId),
      ),
    )
    .where(sessionUser)
    .limit(1)
    .prepare("session_project_read_version"),
);

type ReadVersionRow = {
  actor: Parameters<typeof actorFromRow>[0];
  client: { agencyId: string; status: string } | null;
  level: number | null;
  report: ReadVersion | null;
};

function readVersionOf(row: ReadVersionRow | undefined, claims: SessionClaims, action: ClientAction) {
  const actor = actorOf(row, claims);
  clientLevel(actor, row!.client as Parameters<typeof clientLevel>[1], row!.level, action);
  return { actor, version: row!.report?.id ? row!.report : null };
}

/** sessionReportAccess's check for a revalidation of /reports/{id} (and its KPIs): the report's read version. */
export async function sessionReportReadVersion(
  claims: SessionClaims,
  id: string,
  action: ClientAction,
): Promise<SessionReadVersion> {
  const [row] = (await reportVersionQuery().execute({ ...sessionParams(claims), id })) as ReadVersionRow[];
  return readVersionOf(row, claims, action);
}

/** sessionProjectAccess's check for a revalidation of a project's insights: the named report's read version. */
export async function sessionProjectReadVersion(
  claims: SessionClaims,
  id: string,
  action: ClientAction,
  reportId: string,
): Promise<SessionReadVersion> {
  const [row] = (await projectVersionQuery().execute({ ...sessionParams(claims), id, reportId })) as ReadVersionRow[];
  return readVersionOf(row, claims, action);
}
