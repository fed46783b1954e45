import type { DataKind, FactorSplit } from "../finding";
import { wasOrWere } from "../../catalogue/metrics";
import { formatDay, metricLabel } from "../format-values";
import { weekdaysOf } from "../weekdays";
import { dataKindOfFinding, leadingFactor } from "./factors";

// The next step for a total's change read from organic search results or an ad account, aimed at the factor that
// moved it: a search result shown as often but clicked less is its title and snippet; one shown less is its rankings
// and indexing; a position lost is the pages that lost places; an ad clicked less is its creative, an ad shown less
// its budget and bids, a click that costs more the auction. A store's "a price or an offer" is no step for any of them.

export interface StepFinding {
  kind: string;
  metric: string;
  dimension: string | null;
  change: number | null;
  factors?: FactorSplit;
  dataKind?: DataKind;
  direction?: "up" | "down" | null;
  /** The first day a level shift or an unusual day names. */
  periodStart?: string;
  current?: number | null;
  baseline?: number | null;
  /** A level that came back (a stretch): the general steps tell it. */
  until?: string;
}

/** A finding kind's step for one kind of data; null to leave it to the general steps. */
type Step = (lead: StepFinding, good: boolean, where: string) => string | null;

/** The steps by kind of data × kind of finding (a total's): the one table a data kind's next step is read from. */
const STEPS: Record<DataKind, Partial<Record<string, Step>>> = {
  organic_search: {
    change: (lead, good) => organicStep(lead, good),
    level_shift: (lead, good) => organicLevelStep(lead, good),
    trend: (lead, good) => organicTrendStep(lead, good),
    anomaly: (lead, good) => organicDayStep(lead, good),
  },
  ads: {
    change: adsStep,
    level_shift: (lead, good) => adsLevelStep(lead, good),
    trend: (lead, good) => adsTrendStep(lead, good),
    anomaly: (lead) => adsDayStep(lead),
  },
};

/** The step for `lead` (a total's finding), or null when its data is a site's or does not say (the general steps). */
export function dataKindNextStep(lead: StepFinding, good: boolean, where: string): string | null {
  // A step that only some weekdays took (an ad schedule, opening hours) keeps its own step (analyst.ts).
  if (lead.dimension || weekdaysOf(lead)) return null;
  const kind = dataKindOfFinding(lead);
  const step = kind ? STEPS[kind][lead.kind] : undefined;
  return step ? step(lead, good, where) : null;
}

/** Which factor carried the change: "volume" (impressions, clicks, spend) or "rate" (CTR, CPC, ROAS), or null. */
function carriedBy(lead: StepFinding): "volume" | "rate" | null {
  if (!lead.factors || !lead.change) return null;
  const { lead: factor } = leadingFactor(lead.factors, lead.change);
  return factor === lead.factors.factors[0] ? "volume" : "rate";
}

const PERFORMANCE = "In Search Console's Performance report, compare the two periods by query and by page";

function organicStep(lead: StepFinding, good: boolean): string {
  const position = lead.factors?.position;
  const lostPlaces = position !== undefined && position.change > 0;
  if (lead.metric === "position")
    return good
      ? `${PERFORMANCE} to find the pages that gained places, keep them as they are, and give the pages ranking just below the first page the same care (content, titles, internal links).`
      : `${PERFORMANCE} to find the pages that lost places; compare them with the pages now ranking above them (content, titles, internal links) and update them, and check the Pages report for pages dropped from the index.`;
  if (good)
    return `${PERFORMANCE} to find which gained ${lead.metric === "impressions" ? "impressions" : "clicks"}, and build on them: link to those pages from the site's other pages and cover the related queries they now show for.`;
  const by = lead.metric === "ctr" ? "rate" : carriedBy(lead);
  if (by === "rate")
    return `${PERFORMANCE} and start with the pages whose click-through rate fell most: rewrite their titles and descriptions, and look for a search feature or ad now shown above them${lostPlaces ? "; the average position worsened too, so check first the pages that lost places" : ""}.`;
  if (by === null && lead.metric === "clicks")
    return `${PERFORMANCE} to find which lost clicks, and check their positions, titles and descriptions.`;
  return `${PERFORMANCE} to find which lost impressions: rankings lost (the pages that lost places), pages dropped from the index (the Pages report) or fewer searches for the queries; update or restore those pages.`;
}

/** "the campaigns'", "the Brand campaign's". */
const possessive = (name: string) => (/s$/.test(name) ? `${name}'` : `${name}'s`);

function adsStep(lead: StepFinding, good: boolean, where: string): string | null {
  const campaigns = possessive(where || "the campaigns");
  const by = carriedBy(lead);
  // Spend has no good way (sense.ts): a fall is checked as a cut or a pause, a rise as budget that must pay.
  if (lead.metric === "cost" && (lead.change ?? 0) < 0 && by !== null)
    return by === "rate"
      ? `Each click costs less: check that ${campaigns} clicks and conversions held (cheaper clicks can be worse ones), and keep the bids that did it.`
      : `The account bought fewer clicks: check whether ${where ? `${where} was paused or its budget cut or spent early` : "campaigns were paused or their budgets cut or spent early"}, and whether conversions fell with the spend; restore what was cut if it was not intended.`;
  if (good) return null;
  if (by === null)
    return `Compare ${where || "the campaigns"} with the comparison period in the ad account (budgets, bids, ads, targeting) and restore what changed if it was not intended.`;
  switch (lead.metric) {
    case "clicks":
      return by === "rate"
        ? `The ads were shown about as often but clicked less: check ${campaigns} ads (copy, assets, ad strength) and the search terms they now show for, and refresh the ads that lost most.`
        : `The ads were shown less: check ${campaigns} impression share lost to budget and to rank; raise the budget where it ran out, and the bids or the ads' quality where they lost on rank.`;
    case "cost":
      return by === "rate"
        ? `Each click costs more: check ${campaigns} bids and bid strategy and the auction insights (a new competitor) against the comparison period, and cap the cost per click if it was not intended.`
        : `The account bought more clicks: check that the added budget went to campaigns that convert and that conversions rose with it; if not, set the budgets back.`;
    case "conversions":
    case "revenue":
      return by === "rate"
        ? `${lead.metric === "revenue" ? "The spend returned less" : "The clicks converted less"}: check the landing pages the ads lead to and the conversion tracking (the tag, the conversion action and its value) for a change, and restore what broke.`
        : `${lead.metric === "revenue" ? "Less spend" : "Fewer clicks"} brought less: check ${campaigns} budgets, bids and impression share lost to budget and to rank, and restore the campaigns that were cut or paused if it was not intended.`;
    case "roas":
      return by === "volume"
        ? `Each unit of spend brought less revenue: check the landing pages, offers and conversion value tracking of ${where || "the campaigns"}, and move budget to the campaigns that still return most.`
        : `The spend rose faster than what it brought: check which campaigns took the added budget, and cap those that do not return it.`;
    default:
      return null;
  }
}

const day = (lead: StepFinding) => (lead.periodStart ? formatDay(lead.periodStart) : "that day");
const label = (metric: string) => metricLabel(metric).toLowerCase();
/** "Clicks have been …", "The average position has been …". */
const have = (metric: string) => (metric !== "position" && wasOrWere(metric) === "were" ? "have" : "has");
const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// Search Console's totals over time: a step on a day is a ranking, indexing or search-result change that day; a slow
// slide is pages losing ground week after week; one day's fall is most often the site or the data, not the rankings.

function organicLevelStep(lead: StepFinding, good: boolean): string | null {
  if (lead.until) return null;
  const on = day(lead);
  if (good)
    return `${upper(lead.metric === "position" ? "the average position" : label(lead.metric))} stepped ${lead.metric === "position" ? "up the results" : "up"} on ${on}: in Search Console's Performance report, compare the days after with the weeks before by page and by query to find what gained (a ranking, a newly indexed page, a search feature won), and give similar pages the same care.`;
  if (lead.metric === "ctr")
    return `The click-through rate stepped down on ${on}: in Search Console's Performance report, compare the days after with the weeks before by query and by page, look for a search feature or ad now shown above the pages or a title or description changed around that day, and rewrite those that lost most.`;
  if (lead.metric === "position")
    return `The average position worsened from ${on}: in Search Console's Performance report, compare the days after with the weeks before by page to find the pages that lost places; check the search engine's updates announced around that day and the changes made to those pages then, and update them.`;
  return `${upper(label(lead.metric))} stepped down on ${on}: in Search Console's Performance report, compare the days after with the weeks before by query and by page to find the pages and queries that lost them; check the Pages report for pages dropped from the index and the search engine's updates announced around that day, and restore or update those pages.`;
}

function organicTrendStep(lead: StepFinding, good: boolean): string {
  const metric = lead.metric === "position" ? "the average position" : label(lead.metric);
  if (good)
    return `${upper(metric)} ${have(lead.metric)} been ${lead.metric === "position" ? "improving" : "growing"} week after week: in Search Console's Performance report, compare the last weeks with the weeks before by query and by page to find what carries it, keep those pages current and cover the related queries they now show for.`;
  return `${upper(metric)} ${have(lead.metric)} been ${lead.metric === "position" ? "worsening" : "falling"} week after week: in Search Console's Performance report, compare the last weeks with the weeks before by page to find the pages losing ground (rankings slipping, content aging, a competitor above them), and refresh them before the fall grows.`;
}

function organicDayStep(lead: StepFinding, good: boolean): string {
  const on = day(lead);
  if (good)
    return `Look in Search Console's Performance report for what lifted ${label(lead.metric)} on ${on} (a query or page in the news, a search feature won for the day) and note it, so the next report reads it as known.`;
  return `Check ${on} in Search Console: a single day's fall is most often the site unreachable or slow that day (server errors in the Crawl stats report), a search engine update or outage, or a day Search Console has not filled in yet; fix the site if it was down, and note the day.`;
}

// An ad account's totals over time: a step on a day is most often a change someone made that day (a budget, a bid, a
// paused campaign, a disapproved ad), found in the account's change history; spend has no good way (sense.ts).

const CHANGE_HISTORY = "the ad account's change history";

function adsLevelStep(lead: StepFinding, good: boolean): string | null {
  if (lead.until) return null;
  const on = day(lead);
  const up = lead.direction === "up";
  if (lead.metric === "cost") {
    const before = lead.baseline ?? 0;
    if (!up && before > 0 && (lead.current ?? before) <= STOPPED_SHARE * before)
      return `The account stopped serving on ${on}: check whether its campaigns were paused, ran out of budget, had their ads disapproved or its payment failed, and restart them if the stop was not intended.`;
    return up
      ? `Spend stepped up on ${on}: check in ${CHANGE_HISTORY} which campaigns took the added budget (a budget or bid raised, a new campaign) and that conversions rose with it; cap it if they did not.`
      : `Spend stepped down on ${on}: check in ${CHANGE_HISTORY} the budgets, bids and campaign statuses changed that day, and whether clicks and conversions fell with it; restore them if it was not intended.`;
  }
  const metric = label(lead.metric);
  if (good)
    return `${upper(metric)} stepped ${up ? "up" : "down"} on ${on}: find in ${CHANGE_HISTORY} what did it (a budget, a bid, a new ad or campaign) and, if the conversions paid for it, apply it to the other campaigns.`;
  if (lead.metric === "cpc")
    return `Each click costs more from ${on}: check the bids and bid strategy changed that day and the auction insights (a new competitor), and cap the cost per click if it was not intended.`;
  if (lead.metric === "roas")
    return `Each unit of spend returned less from ${on}: check the conversion value tracking, and the landing pages and offers changed that day, and move budget to the campaigns that still return most.`;
  const tracking =
    lead.metric === "conversions" || lead.metric === "revenue"
      ? ", and the conversion tracking (the tag, the conversion action and its value)"
      : "";
  return `${upper(metric)} stepped down on ${on}: check ${CHANGE_HISTORY} for that day (budgets, bids, paused campaigns or ads, disapproved ads, targeting), the impression share lost to budget and to rank${tracking}, and restore what changed if it was not intended.`;
}

function adsTrendStep(lead: StepFinding, good: boolean): string {
  const up = lead.direction === "up";
  if (lead.metric === "cost")
    return `Spend has been ${up ? "rising" : "falling"} week after week: check which campaigns ${up ? "take" : "lose"} it and that their conversions follow, and set the budgets to what each campaign returns.`;
  const metric = label(lead.metric);
  if (good)
    return `${upper(metric)} ${have(lead.metric)} been ${up ? "rising" : "falling"} week after week: find the campaigns carrying it and give them budget while their return holds.`;
  return `${upper(metric)} ${have(lead.metric)} been ${up ? "rising" : "falling"} week after week: compare the campaigns' last weeks with the weeks before in the ad account (impression share lost to budget and to rank, the cost per click, the ads' click-through rate), and fix the campaign whose slide carries it before the gap grows.`;
}

function adsDayStep(lead: StepFinding): string {
  const on = day(lead);
  const metric = lead.metric === "cost" ? "spend" : label(lead.metric);
  if (lead.direction === "up")
    return `Check what lifted ${metric} on ${on} in the ad account (a budget raised, a bid change, a rise in searches) and whether conversions rose with it; note it, so the next report reads it as known.`;
  return `Check ${on} in the ad account: a single day's fall in ${metric} is most often a budget spent early, ads paused or disapproved, or a billing hold; set the budget to last the day if it ran out, and note the day.`;
}

/** A level at this share of the one before or less has stopped (as analyst.ts reads a level that all but stopped). */
const STOPPED_SHARE = 0.1;
