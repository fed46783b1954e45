import "server-only";
import type { DataSource } from "../../db/schema";
import type { DataRange } from "./data-ranges";

/**
 * A data source as the API shows it. `additional` holds the per-type fields and, for uploads, the last upload's
 * summary.
 */
export function dataSourceView(source: DataSource, range?: DataRange | null) {
  return {
    _id: source.id,
    projectId: source.projectId,
    agencyId: source.agencyId,
    name: source.name ?? source.sourceName,
    sourceName: source.sourceName,
    kind: source.kind,
    subType: source.subType,
    status: source.status,
    additional: source.additional,
    /** An upload source's column mapping from its last import (null before the first). */
    csvMapping: source.csvMapping ?? null,
    /** What one row of the source covers: a day, a week or a month (each row dated by its period's first day). */
    grain: source.grain,
    /** The first and last date of the source's rows (each a period's first day), when it has rows and was asked. */
    dataRange: range ?? null,
    createdAt: source.createdAt,
    updatedAt: source.updatedAt,
  };
}
export type DataSourceView = ReturnType<typeof dataSourceView>;
