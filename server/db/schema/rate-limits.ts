import { bigint, integer, pgTable, varchar } from "drizzle-orm/pg-core";

/**
 * rate-limiter-flexible's PostgreSQL store (RateLimiterPostgres), in the layout it expects: one row
 * per limited key (hashed, see server/services/accounts/rate-limit.ts), its points and when they expire
 * (epoch milliseconds). Shared by every web process; created here so the app never runs DDL at runtime.
 */
export const loginLimits = pgTable("login_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});
