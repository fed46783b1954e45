import { eq } from "drizzle-orm";
import { hashPassword } from "@/server/auth/password";
import { issueSessionToken } from "@/server/auth/session-token";
import { db } from "@/server/db/client";
import { agencies, users } from "@/server/db/schema";

export const PASSWORD = "Secret1!";
let passwordHash: Promise<string> | undefined;
let seq = 0;

/** A confirmed agency with one admin, ready to log in; returns ids and a bearer token. */
export async function createAgency(
  overrides: { name?: string; email?: string; confirmed?: boolean; onboarding?: boolean } = {},
) {
  seq += 1;
  passwordHash ??= hashPassword(PASSWORD);
  const [agency] = await db()
    .insert(agencies)
    .values({ name: overrides.name ?? `Agency ${seq}`, confirmedAt: overrides.confirmed === false ? null : new Date() })
    .returning();
  const admin = await createUser({
    agencyId: agency.id,
    role: "agency",
    email: overrides.email,
    onboarding: overrides.onboarding,
  });
  return { agency, admin: admin.user, token: admin.token };
}

export async function createUser(opts: {
  agencyId: string;
  role: "agency" | "staff";
  email?: string;
  onboarding?: boolean;
}) {
  seq += 1;
  passwordHash ??= hashPassword(PASSWORD);
  const [user] = await db()
    .insert(users)
    .values({
      agencyId: opts.agencyId,
      email: opts.email ?? `user${seq}-${Date.now()}@example.com`,
      passwordHash: await passwordHash,
      firstName: "Test",
      lastName: `User${seq}`,
      role: opts.role,
      onboarding: opts.onboarding ?? false,
    })
    .returning();
  return { user, token: await tokenFor(user.id) };
}

export async function tokenFor(userId: string): Promise<string> {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  return issueSessionToken({ sub: user.id, agencyId: user.agencyId, role: user.role, sv: user.sessionVersion });
}
