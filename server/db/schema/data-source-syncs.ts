import { date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { id } from "./columns";
import { dataSources } from "./data-sources";

/**
 * Where a connected source's imports stand. The first import walks from the oldest day forward
 * and records the last day it committed in the same transaction as the rows, so a worker killed
 * mid-import resumes after that day: no gap, no duplicate.
 */
export const dataSourceSyncStates = pgTable("data_source_sync_states", {
  dataSourceId: uuid("data_source_id")
    .primaryKey()
    .references(() => dataSources.id, { onDelete: "cascade" }),
  /** First day of the first import (today minus what the API holds). */
  initialStartDate: date("initial_start_date"),
  /** Last day the first import has committed; the next run resumes the day after. */
  importedThrough: date("imported_through"),
  initialCompletedAt: timestamp("initial_completed_at", { withTimezone: true }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  /** Set when Google refused to refresh the token: the source waits for the user to reconnect. */
  tokenUpdateFailedAt: timestamp("token_update_failed_at", { withTimezone: true }),
  lastError: text("last_error"),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** One row per sync run: what it covered, how many rows it wrote, how long it took, how it ended. */
export const dataSourceSyncRuns = pgTable(
  "data_source_sync_runs",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    dataSourceId: uuid("data_source_id")
      .notNull()
      .references(() => dataSources.id, { onDelete: "cascade" }),
    /** initial: the first import (or its resumption); incremental: the daily re-read of recent days. */
    mode: text("mode").$type<"initial" | "incremental">().notNull(),
    status: text("status").$type<"running" | "succeeded" | "failed">().notNull().default("running"),
    startDate: date("start_date"),
    endDate: date("end_date"),
    rows: integer("rows").notNull().default(0),
    durationMs: integer("duration_ms"),
    /** The user's message, and Google's own words for support. */
    error: text("error"),
    errorDetail: text("error_detail"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("data_source_sync_runs_source_started_idx").on(t.dataSourceId, t.startedAt)],
);

export type DataSourceSyncState = typeof dataSourceSyncStates.$inferSelect;
export type DataSourceSyncRun = typeof dataSourceSyncRuns.$inferSelect;
