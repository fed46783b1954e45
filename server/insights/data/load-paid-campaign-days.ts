import "server-only";
import { pool } from "../../db/client";
import { PART_INDEX, PARTS, type PartKey, type PartValues } from "./parts";
import { isPaidCampaign } from "./paid-campaign";
import type { ProjectData } from "./project-data";
import type { ReportWindow } from "./window";

// The days of a source's paid campaigns alone, for the ad metrics a report breaks down by campaign (cost per lead,
// cost per conversion, ROAS): their change is reported over the paid campaigns, so it is tested on the paid
// campaigns' days too. The source's whole days set the ad cost against every lead of the site as well ((organic),
// (direct), an email tag): a fall of cost with steady organic leads halved that "cost per lead" and was called
// significant while the paid campaigns' own, 13 % lower, was within their day-to-day noise.

/** The parts an ad metric is made of. */
const AD_PARTS: PartKey[] = ["cost", "clicks", "impressions", "conversions", "leads", "revenue"];

/**
 * A source's paid campaigns' sums per day over the report's two periods, read from the campaigns' daily rollup once
 * its per-value totals (`own`, that source alone) show which campaigns are paid; null when every campaign is (its
 * own days are the paid ones), none is, or the source has no ad cost by campaign.
 */
export async function loadPaidCampaignDays(
  sourceId: string,
  own: ProjectData,
  window: ReportWindow,
): Promise<Map<string, PartValues> | null> {
  const split = own.segments("cost", "campaign");
  if (!split || split.sourceId !== sourceId) return null;
  const paid = split.segments.filter(isPaidCampaign).map((s) => s.value);
  if (paid.length === 0 || paid.length === split.segments.length) return null;
  const parts = AD_PARTS.filter((p) => own.hasPart(p, sourceId));
  const { rows } = await pool().query<Record<string, string | number | null>>(
    `select to_char(r.date, 'YYYY-MM-DD') as date, ${parts.map((p, i) => `sum(r.${PARTS[PART_INDEX[p]].column}) as p${i}`).join(", ")}
       from observation_segment_daily r
      where r.data_source_id = $1 and r.dimension = 'campaign' and r.value = any($2::text[])
        and (r.date between $3::date and $4::date or r.date between $5::date and $6::date)
      group by r.date`,
    [sourceId, paid, window.periodStart, window.periodEnd, window.comparisonStart, window.comparisonEnd],
  );
  const days = new Map<string, PartValues>();
  for (const row of rows) {
    const values: PartValues = PARTS.map(() => null);
    parts.forEach((p, i) => {
      const v = row[`p${i}`];
      values[PART_INDEX[p]] = v === null || v === undefined ? null : Number(v);
    });
    days.set(String(row.date), values);
  }
  return days;
}
