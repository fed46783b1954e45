import { and, count, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { agencies, clientProjects, clients, clientStaff, users } from "@/server/db/schema";

// Direct inserts for the workspace tests' starting state (clients, projects, shares). The behaviour
// under test always goes through the route handlers; these only build the world they act on.

let seq = 0;

export async function insertClient(
  agencyId: string,
  overrides: { name?: string; status?: "active" | "suspended"; createdAt?: Date } = {},
) {
  seq += 1;
  const [client] = await db()
    .insert(clients)
    .values({
      agencyId,
      name: overrides.name ?? `Client ${seq}`,
      status: overrides.status,
      createdAt: overrides.createdAt,
    })
    .returning();
  return client;
}

export async function insertProject(
  client: { id: string; agencyId: string },
  overrides: { name?: string; status?: "active" | "suspended" } = {},
) {
  seq += 1;
  const [project] = await db()
    .insert(clientProjects)
    .values({
      agencyId: client.agencyId,
      clientId: client.id,
      name: overrides.name ?? `Project ${seq}`,
      siteType: "ecommerce",
      status: overrides.status,
    })
    .returning();
  return project;
}

export async function share(clientId: string, userId: string, permission: number) {
  await db().insert(clientStaff).values({ clientId, userId, permission });
}

export async function shareLevel(clientId: string, userId: string): Promise<number | null> {
  const [row] = await db()
    .select({ permission: clientStaff.permission })
    .from(clientStaff)
    .where(and(eq(clientStaff.clientId, clientId), eq(clientStaff.userId, userId)));
  return row?.permission ?? null;
}

export async function sharesOf(userId: string) {
  return db()
    .select({ clientId: clientStaff.clientId, permission: clientStaff.permission })
    .from(clientStaff)
    .where(eq(clientStaff.userId, userId));
}

export async function countShares(clientId?: string): Promise<number> {
  const [{ n }] = await db()
    .select({ n: count() })
    .from(clientStaff)
    .where(clientId ? eq(clientStaff.clientId, clientId) : undefined);
  return n;
}

export async function findClient(id: string) {
  const [row] = await db().select().from(clients).where(eq(clients.id, id));
  return row;
}

export async function findProject(id: string) {
  const [row] = await db().select().from(clientProjects).where(eq(clientProjects.id, id));
  return row;
}

export async function findUser(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row;
}

export async function countProjects(where: {
  agencyId?: string;
  clientId?: string;
  status?: "active" | "suspended";
}): Promise<number> {
  const [{ n }] = await db()
    .select({ n: count() })
    .from(clientProjects)
    .where(
      and(
        where.agencyId ? eq(clientProjects.agencyId, where.agencyId) : undefined,
        where.clientId ? eq(clientProjects.clientId, where.clientId) : undefined,
        where.status ? eq(clientProjects.status, where.status) : undefined,
      ),
    );
  return n;
}

export async function setProjectLimit(agencyId: string, projectLimit: number) {
  await db().update(agencies).set({ projectLimit }).where(eq(agencies.id, agencyId));
}

/** A valid body for POST /clients/{id}/properties/add. */
export const projectBody = (name = "Store") => ({
  name,
  url: "https://shop.example.com",
  siteType: "ecommerce",
  currency: "EUR",
  timeZone: "Europe/Paris",
});
