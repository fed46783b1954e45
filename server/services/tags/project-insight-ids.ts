import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "../../db/client";
import { insights } from "../../db/schema";
import { ValidationError } from "../../errors";

/** Checks every id names an insight of this project (another project's or agency's is refused). */
export async function requireProjectInsights(projectId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return [];
  const found = await db()
    .select({ id: insights.id })
    .from(insights)
    .where(and(eq(insights.projectId, projectId), inArray(insights.id, unique)));
  if (found.length !== unique.length)
    throw new ValidationError({ insightIds: "Some insights were not found in this project" });
  return unique;
}
