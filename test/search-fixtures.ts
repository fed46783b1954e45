import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { clientProjects, clients, clientStaff, users } from "@/server/db/schema";

let minutes = 0;
/** Strictly increasing creation times, so "newest first" is deterministic. */
const nextTime = () => new Date(Date.UTC(2030, 0, 1) + ++minutes * 60_000);

export async function insertClient(agencyId: string, name: string, website: string | null = null) {
  const [client] = await db().insert(clients).values({ agencyId, name, website, createdAt: nextTime() }).returning();
  return client;
}

export async function insertProject(client: { id: string; agencyId: string }, name: string, url: string | null = null) {
  const [project] = await db()
    .insert(clientProjects)
    .values({ agencyId: client.agencyId, clientId: client.id, name, url, siteType: "ecommerce", createdAt: nextTime() })
    .returning();
  return project;
}

export async function share(clientId: string, userId: string, permission: 1 | 2 | 4 = 1) {
  await db().insert(clientStaff).values({ clientId, userId, permission });
}

export async function rename(userId: string, firstName: string, lastName: string, email?: string) {
  const [user] = await db()
    .update(users)
    .set({ firstName, lastName, ...(email ? { email } : {}), createdAt: nextTime() })
    .where(eq(users.id, userId))
    .returning();
  return user;
}
