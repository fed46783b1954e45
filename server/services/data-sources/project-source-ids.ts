import "server-only";
import type { Grain } from "@/lib/csv-import/grain";
import { pool } from "../../db/client";

/**
 * The ids of a project's active data sources. `observations` is partitioned by source: a query that names
 * its sources as a constant array reads only their partitions, one that filters by project reads them all.
 */
export async function activeSourceIds(projectId: string): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(
    "select id from data_sources where project_id = $1 and status = 'active'",
    [projectId],
  );
  return rows.map((r) => r.id);
}

/** The grain of each of a project's active data sources' rows (data_sources.grain, ADR 0019), by id. */
export async function activeSourceGrains(projectId: string): Promise<Map<string, Grain>> {
  const { rows } = await pool().query<{ id: string; grain: Grain }>(
    "select id, grain from data_sources where project_id = $1 and status = 'active'",
    [projectId],
  );
  return new Map(rows.map((r) => [r.id, r.grain]));
}
