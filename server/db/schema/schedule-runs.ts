import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { id, timestamps } from "./columns";
import { scheduleRunStatus } from "./enums";
import { reports } from "./reports";
import { schedules } from "./schedules";

/**
 * What a delivery in progress keeps so a retry resumes instead of starting over: the report it
 * generated (a retry after a crash reuses it), when it began handing the message over (a retry
 * after that moment cannot know whether it arrived, and does not send again), and how long the
 * worker that holds it may keep it before another may take it over.
 */
export const deliveryProgress = () => ({
  reportId: uuid("report_id").references(() => reports.id, { onDelete: "set null" }),
  sendingAt: timestamp("sending_at", { withTimezone: true }),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
});

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
    ...deliveryProgress(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("schedule_runs_schedule_due_uq").on(t.scheduleId, t.dueAt),
    index("schedule_runs_agency_created_idx").on(t.agencyId, t.createdAt),
    index("schedule_runs_status_idx").on(t.status, t.updatedAt),
  ],
);

export type ScheduleRun = typeof scheduleRuns.$inferSelect;
