import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { id, timestamps } from "./columns";
import { scheduleRunStatus } from "./enums";
import { schedules } from "./schedules";

/**
 * One row per due occurrence of a schedule: the record the user sees (delivered, or failed with the
 * reason) and the guard against double delivery. The unique (schedule, due time) pair means two
 * ticks racing over the same due schedule create one run between them.
 */
export const scheduleRuns = pgTable(
  "schedule_runs",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    // The period that had just closed at the due time, in the project's calendar.
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    status: scheduleRunStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    /** Where it went: recipients and message id, or the Dropbox path. */
    result: jsonb("result").$type<Record<string, unknown>>(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("schedule_runs_schedule_due_uq").on(t.scheduleId, t.dueAt),
    index("schedule_runs_agency_created_idx").on(t.agencyId, t.createdAt),
    index("schedule_runs_status_idx").on(t.status, t.updatedAt),
  ],
);

export type ScheduleRun = typeof scheduleRuns.$inferSelect;
