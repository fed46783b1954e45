import "server-only";
import { count } from "drizzle-orm";
import { hashPassword } from "../auth/password";
import { db } from "./client";
import { agencies, users } from "./schema";

export const DEMO_EMAIL = "demo@funnelwise.local";

/**
 * On an empty database, creates a confirmed demo agency and its admin so a newcomer can log in
 * at once. Does nothing once any user exists, so it never touches real data.
 */
export async function seedDemo(password: string): Promise<{ email: string; password: string } | null> {
  const [{ total }] = await db().select({ total: count() }).from(users);
  if (total > 0) return null;
  const passwordHash = await hashPassword(password);
  await db().transaction(async (tx) => {
    const [agency] = await tx
      .insert(agencies)
      .values({ name: "Demo Agency", website: "https://demo-agency.example", confirmedAt: new Date(), subscriptionStatus: "demo" })
      .returning({ id: agencies.id });
    await tx.insert(users).values({
      agencyId: agency.id,
      email: DEMO_EMAIL,
      passwordHash,
      firstName: "Demo",
      lastName: "Admin",
      role: "agency",
      onboarding: false,
    });
  });
  return { email: DEMO_EMAIL, password };
}
