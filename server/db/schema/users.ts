import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { citext, id, timestamps } from "./columns";
import { userRole } from "./enums";

export const users = pgTable(
  "users",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    email: citext("email").notNull().unique("users_email_unique"),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    role: userRole("role").notNull(),
    // True while the user still has to go through onboarding (spec section 4).
    onboarding: boolean("onboarding").notNull().default(true),
    tempOnboardingStep: integer("temp_onboarding_step"),
    /** What the user typed in onboarding so far (clients, projects), so it resumes on any device. */
    tempOnboardingDraft: jsonb("temp_onboarding_draft").$type<Record<string, unknown>>(),
    isScheduleAllowed: boolean("is_schedule_allowed").notNull().default(true),
    // Bumped on password change or removal: JWTs carrying an older value are refused.
    sessionVersion: integer("session_version").notNull().default(0),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("users_agency_created_idx").on(t.agencyId, t.createdAt)],
);

export type User = typeof users.$inferSelect;
