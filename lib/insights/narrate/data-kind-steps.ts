import type { DataKind, FactorSplit } from "../finding";
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
}

/** The step for `lead` (a total's change), or null when its data is a site's or does not say (the general steps). */
export function dataKindNextStep(lead: StepFinding, good: boolean, where: string): string | null {
  if (lead.kind !== "change" || lead.dimension) return null;
  const kind = dataKindOfFinding(lead);
  if (kind === "organic_search") return organicStep(lead, good);
  if (kind === "ads") return adsStep(lead, good, where);
  return null;
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
