import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { prepared } from "../../db/prepared";
import { reports } from "../../db/schema";

/** What a cached read is versioned by: the report's row (its id, status and read version: migration 0041). */
export interface ReadVersion {
  id: string;
  status: string;
  readVersion: number;
  readChangedAt: Date;
}

const versionQuery = prepared((database) =>
  database
    .select({
      id: reports.id,
      status: reports.status,
      readVersion: reports.readVersion,
      readChangedAt: reports.readChangedAt,
    })
    .from(reports)
    .where(
      and(
        eq(reports.id, sql.placeholder("reportId")),
        eq(reports.projectId, sql.placeholder("projectId")),
        eq(reports.agencyId, sql.placeholder("agencyId")),
      ),
    )
    .limit(1)
    .prepare("report_read_version"),
);

/**
 * The read version of a report of a project the caller may read (checked before), for a read that names the report
 * in its query (insights, exports); null when it is not that project's (the read itself then answers its 404).
 */
export async function reportReadVersion(scope: {
  agencyId: string;
  projectId: string;
  reportId: string;
}): Promise<ReadVersion | null> {
  const [row] = await versionQuery().execute(scope);
  return row ?? null;
}
