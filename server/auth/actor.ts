import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { prepared } from "../db/prepared";
import { agencies, revokedSessions, users } from "../db/schema";
import type { SessionClaims } from "./session-token";

/** Who is calling: the user and their agency, loaded fresh on every request. */
export interface Actor {
  userId: string;
  agencyId: string;
  email: string;
  role: "agency" | "staff";
  isAgencyAdmin: boolean;
  onboarding: boolean;
  isScheduleAllowed: boolean;
  subscriptionStatus: "demo" | "full" | "suspended";
}

/** The columns an actor is made of (users joined with agencies): shared by every query that loads the session. */
export const actorColumns = {
  userId: users.id,
  agencyId: users.agencyId,
  email: users.email,
  role: users.role,
  onboarding: users.onboarding,
  isScheduleAllowed: users.isScheduleAllowed,
  sessionVersion: users.sessionVersion,
  subscriptionStatus: agencies.subscriptionStatus,
  confirmedAt: agencies.confirmedAt,
};

interface ActorRow extends Omit<Actor, "isAgencyAdmin"> {
  sessionVersion: number;
  confirmedAt: Date | null;
}

/**
 * The session's actor from its row (`actorColumns`, read with the session's revocation, see `actorQuery`); null when
 * the user is gone, the session was revoked (no row) or invalidated by a password change, or the agency is not
 * confirmed.
 */
export function actorFromRow(row: ActorRow | undefined | null, claims: SessionClaims): Actor | null {
  if (!row || row.sessionVersion !== claims.sv || !row.confirmedAt) return null;
  return {
    userId: row.userId,
    agencyId: row.agencyId,
    email: row.email,
    role: row.role,
    isAgencyAdmin: row.role === "agency",
    onboarding: row.onboarding,
    isScheduleAllowed: row.isScheduleAllowed,
    subscriptionStatus: row.subscriptionStatus,
  };
}

const actorQuery = prepared((database) =>
  database
    .select(actorColumns)
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    // A session ended by logout is refused in the same indexed lookup.
    .leftJoin(revokedSessions, eq(revokedSessions.sessionId, sql.placeholder("sid")))
    .where(and(eq(users.id, sql.placeholder("userId")), isNull(revokedSessions.sessionId)))
    .limit(1)
    .prepare("load_actor"),
);

/** Resolves session claims to an actor; null when the user is gone or the session was invalidated. */
export async function loadActor(claims: SessionClaims): Promise<Actor | null> {
  const [row] = await actorQuery().execute({ sid: claims.sid, userId: claims.sub });
  return actorFromRow(row, claims);
}
