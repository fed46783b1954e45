import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { CONNECTOR_MESSAGES } from "@/lib/constants/connector-messages";
import type { updateDataSourceSchema } from "@/lib/validation/data-sources";
import { db } from "../../db/client";
import { dataSources, dataSourceSyncStates } from "../../db/schema";
import { ValidationError } from "../../errors";
import { log } from "../../log";
import { dataSourceView } from "./data-source-view";
import { queueSync } from "./sync/queue-sync";
import type { DataSourceServiceContext } from "../context";

type Input = z.output<typeof updateDataSourceSchema>;

/**
 * PUT /data-sources/{id}: renames it and/or sets its status; for a GA4 source, changes its key
 * events or audience. Those change every day's numbers, so the history is imported again: the
 * sync state goes back to "first import not done" (from the same first day) in the same
 * transaction as the new choice, and the import is queued.
 */
export async function updateDataSource({ ctx, input }: { ctx: DataSourceServiceContext; input: Input }) {
  const current = ctx.access.dataSource;
  const additional = ga4Choices(current, input);
  if (input.name === undefined && input.status === undefined && !additional) return dataSourceView(current);
  const row = await db().transaction(async (tx) => {
    const [updated] = await tx
      .update(dataSources)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.status ? { status: input.status } : {}),
        ...(additional ? { additional } : {}),
      })
      .where(eq(dataSources.id, current.id))
      .returning();
    if (additional)
      await tx
        .update(dataSourceSyncStates)
        .set({ importedThrough: null, initialCompletedAt: null, lastError: null })
        .where(eq(dataSourceSyncStates.dataSourceId, current.id));
    return updated;
  });
  if (additional)
    await queueSync(row).catch((error: unknown) =>
      log("warn", "could not queue the re-import", { dataSourceId: row.id, error: String(error) }),
    );
  return dataSourceView(row);
}

/** The source's new settings when the key events or the audience change, else undefined. */
function ga4Choices(source: DataSourceServiceContext["access"]["dataSource"], input: Input) {
  if (input.conversionEvents === undefined && input.audience === undefined) return undefined;
  if (source.kind !== "google" || source.subType !== "analytic-4")
    throw new ValidationError({ conversionEvents: CONNECTOR_MESSAGES.ga4ChoicesOnly });
  const before = source.additional;
  const events = input.conversionEvents ? [...new Set(input.conversionEvents)].sort() : undefined;
  const sameEvents =
    events === undefined ||
    JSON.stringify(events) === JSON.stringify([...((before.conversionEvents as string[]) ?? [])].sort());
  const sameAudience = input.audience === undefined || input.audience === (before.audience ?? "");
  if (sameEvents && sameAudience) return undefined;
  const next: Record<string, unknown> = { ...before };
  if (events !== undefined) next.conversionEvents = events;
  if (input.audience !== undefined) {
    if (input.audience) next.audience = input.audience;
    else delete next.audience;
  }
  return next;
}
