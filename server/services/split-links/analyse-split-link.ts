import "server-only";
import { asc, eq } from "drizzle-orm";
import { isoDateOfUtc } from "@/lib/dates";
import { db } from "../../db/client";
import { splitLinkCounts, type SplitLink } from "../../db/schema";
import { analyseSplitTest, type SplitMetric } from "../../insights/split-test/analyse-split-test";
import { loadLinkDays } from "./load-link-days";
import { flushSplitCounts } from "./split-counts";

const CONFIDENCE = 0.95;

/**
 * What a split link did: visitors sent to each variant by day (its own counts), and each challenger against the
 * control (variant a) from the project's analytics data, with the split test's statistics. With more than one
 * challenger each comparison is held to a Bonferroni-corrected confidence, so three challengers are not three
 * chances of a false winner.
 */
export async function analyseSplitLink(link: SplitLink, today = isoDateOfUtc(new Date())) {
  // This process's visits not yet written are counted too (another process's are at most a moment behind).
  await flushSplitCounts();
  const counts = await db()
    .select()
    .from(splitLinkCounts)
    .where(eq(splitLinkCounts.linkId, link.id))
    .orderBy(asc(splitLinkCounts.date));
  const start = isoDateOfUtc(link.createdAt);
  const end = today < start ? start : today;
  const days = await loadLinkDays(link, start, end);
  const [control, ...challengers] = link.variants;
  const confidence = 1 - (1 - CONFIDENCE) / challengers.length;
  return {
    period: { start, end },
    traffic: link.variants.map((v) => {
      const rows = counts.filter((c) => c.variantKey === v.key);
      return {
        key: v.key,
        assignments: rows.reduce((s, r) => s + r.assignments, 0),
        visits: rows.reduce((s, r) => s + r.visits, 0),
        byDay: rows.map((r) => ({ date: r.date, assignments: r.assignments, visits: r.visits })),
      };
    }),
    confidence,
    comparisons: challengers.map((v) => ({
      key: v.key,
      result: analyseSplitTest(
        {
          urlA: control.url,
          urlB: v.url,
          primaryMetric: link.primaryMetric as SplitMetric,
          minimumDetectableEffect: link.minimumDetectablePct / 100,
          confidence,
        },
        days.get(control.key) ?? [],
        days.get(v.key) ?? [],
      ),
    })),
  };
}
