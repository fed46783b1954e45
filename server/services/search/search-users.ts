import "server-only";
import { and, count, desc, eq, exists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Actor } from "../../auth/actor";
import { db } from "../../db/client";
import { clientStaff, users } from "../../db/schema";
import { pageOffset, type Paged } from "../pagination";
import { userView, type UserView } from "../users/user-view";
import { rankedSearch, searchField, searchTerm, totalOver, type SearchInput } from "./text-match";
import type { ServiceContext } from "../context";

// The same expressions as the indexes of drizzle/0001_search.sql (email is citext, indexed as text).
const FIELDS = [
  searchField(sql`${users.email}::text`),
  searchField(sql`${users.firstName} || ' ' || ${users.lastName}`),
];

const mine = alias(clientStaff, "mine");
const theirs = alias(clientStaff, "theirs");

/** Agency admins see every user of the agency; staff see themselves and whoever shares one of their clients. */
function visibleUsers(actor: Actor): SQL {
  const inAgency = eq(users.agencyId, actor.agencyId);
  if (actor.isAgencyAdmin) return inAgency;
  const sharesAClient = exists(
    db()
      .select({ one: sql`1` })
      .from(mine)
      .innerJoin(theirs, eq(theirs.clientId, mine.clientId))
      .where(and(eq(mine.userId, actor.userId), eq(theirs.userId, users.id))),
  );
  return and(inAgency, or(eq(users.id, actor.userId), sharesAClient))!;
}

/** GET /searches/users: the users the caller may see whose email or name matches `q`, best first. */
export async function searchUsers({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: SearchInput;
}): Promise<Paged<UserView>> {
  const visible = visibleUsers(ctx.actor);
  const found = await rankedSearch({
    fields: FIELDS,
    term: input.term ?? (await searchTerm(input.q)),
    page: input,
    newest: [desc(users.createdAt), desc(users.id)],
    run: (match, orderBy) =>
      db()
        .select({ user: users, total: totalOver })
        .from(users)
        .where(and(visible, match))
        .orderBy(...orderBy)
        .limit(input.limit)
        .offset(pageOffset(input)),
    count: async (match) => (await db().select({ n: count() }).from(users).where(and(visible, match)))[0].n,
  });
  return { docs: found.docs.map((r) => userView(r.user)), total: found.total };
}
