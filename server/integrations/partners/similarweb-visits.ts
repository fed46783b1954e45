import "server-only";
import { partnerConfig } from "./config";
import { partnerMalformed, partnerNotConfigured } from "./errors";
import { getPartnerJson } from "./http";

// Similarweb Website API, Visits - Total (desktop and mobile):
// GET {base}v1/website/{domain}/total-traffic-and-engagement/visits?api_key&start_date=YYYY-MM
//     &end_date=YYYY-MM&country=world&granularity=daily&main_domain_only=false&format=json
// answers { meta: { status: "Success", ... }, visits: [{ date: "YYYY-MM-DD", visits }] }.
// Dates are asked by month; the days outside the range asked are dropped here.

const PROVIDER = "Similarweb";

export interface DomainVisits {
  date: string;
  visits: number;
}

export async function fetchDailyVisits(input: {
  domain: string;
  startDate: string;
  endDate: string;
  /** The agency's own key; the server's is the fallback. */
  key?: string;
}): Promise<DomainVisits[]> {
  const { SIMILARWEB_API_KEY: serverKey, SIMILARWEB_API_URL: base } = partnerConfig();
  const key = input.key ?? serverKey;
  if (!key) throw partnerNotConfigured(PROVIDER);
  const url = new URL(`v1/website/${encodeURIComponent(input.domain)}/total-traffic-and-engagement/visits`, base);
  url.search = new URLSearchParams({
    api_key: key,
    start_date: input.startDate.slice(0, 7),
    end_date: input.endDate.slice(0, 7),
    country: "world",
    granularity: "daily",
    main_domain_only: "false",
    format: "json",
  }).toString();
  const body = (await getPartnerJson(PROVIDER, url)) as { visits?: unknown };
  if (!body || !Array.isArray(body.visits)) throw partnerMalformed(PROVIDER, "no visits array in the answer");
  const out: DomainVisits[] = [];
  for (const item of body.visits as { date?: unknown; visits?: unknown }[]) {
    const date = String(item?.date ?? "").slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw partnerMalformed(PROVIDER, `date is not YYYY-MM-DD: ${date}`);
    const visits = Number(item.visits);
    if (!Number.isFinite(visits)) throw partnerMalformed(PROVIDER, `visits is not a number on ${date}`);
    if (date >= input.startDate && date <= input.endDate) out.push({ date, visits });
  }
  return out;
}
