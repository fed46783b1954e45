import "server-only";
import { dateRange } from "@/lib/dates";
import { splitLinkUtm } from "@/lib/validation/split-links";
import { pool } from "../../db/client";
import type { SplitLink } from "../../db/schema";
import type { VariantDay } from "../../insights/split-test/analyse-split-test";

type Row = {
  source: string;
  date: string;
  campaign: string;
  sessions: number | null;
  engaged: number | null;
  conversions: number | null;
  revenue: number | null;
};

/**
 * Each variant's sessions, engaged sessions, conversions and revenue by day, from the project's analytics data: the
 * rows whose campaign is the variant's utm_campaign (case aside, as analytics tools may lower it). One source is read,
 * the one holding most of the link's traffic, so an upload beside a connection does not count visits twice.
 */
export async function loadLinkDays(link: SplitLink, start: string, end: string): Promise<Map<string, VariantDay[]>> {
  const campaigns = link.variants.map((v) => splitLinkUtm(link.slug, v.key).utm_campaign);
  const sources = await pool().query<{ id: string }>(
    "select id from data_sources where project_id = $1 and status = 'active' and kind <> 'competitor'",
    [link.projectId],
  );
  const { rows } = await pool().query<Row>(
    `select o.data_source_id as source, to_char(o.date, 'YYYY-MM-DD') as date, lower(d.campaign) as campaign,
            sum(o.sessions)::float8 as sessions, sum(o.engaged_sessions)::float8 as engaged,
            sum(o.conversions)::float8 as conversions, sum(o.revenue)::float8 as revenue
     from observations o
     join dimension_sets d on d.id = o.dimension_set_id
     where o.data_source_id = any($1::uuid[]) and o.date between $2::date and $3::date and d.project_id = $4
       and lower(d.campaign) = any($5::text[])
     group by 1, 2, 3`,
    [sources.rows.map((s) => s.id), start, end, link.projectId, campaigns],
  );
  const bySource = new Map<string, number>();
  for (const r of rows) bySource.set(r.source, (bySource.get(r.source) ?? 0) + (r.sessions ?? 0));
  const best = [...bySource.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const days = dateRange(start, end);
  const result = new Map<string, VariantDay[]>();
  link.variants.forEach((variant, i) => {
    const byDate = new Map(
      rows.filter((r) => r.source === best && r.campaign === campaigns[i]).map((r) => [r.date, r]),
    );
    result.set(
      variant.key,
      days.map((date) => {
        const r = byDate.get(date);
        return {
          date,
          sessions: r?.sessions ?? 0,
          engagedSessions: r?.engaged ?? null,
          conversions: r?.conversions ?? null,
          revenue: r?.revenue ?? null,
        };
      }),
    );
  });
  return result;
}
