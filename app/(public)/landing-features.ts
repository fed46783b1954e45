import {
  connectorLists,
  EXPORT_FORMAT_LIST,
  inWords,
  REPORT_QUESTIONS,
  SCHEDULE_FREQUENCY_LIST,
} from "@/lib/catalogue/product-facts";
import type { PremiumIntegration } from "@/lib/constants/premium-sources";
import { DEMO_MONTHS } from "@/lib/constants/demo-span";

export interface LandingFeature {
  title: string;
  text: string;
}

/**
 * What the product does today, and nothing it does not: each line names a screen that exists, and every count or
 * list in it is read from the catalogue the code runs on (lib/catalogue/product-facts.ts), with the premium sources
 * this server offers.
 */
export function landingFeatures(premium: Record<PremiumIntegration, boolean>): LandingFeature[] {
  const connectors = connectorLists(premium);
  const { questions, auditChecks, stages } = REPORT_QUESTIONS;
  return [
    {
      title: "Your clients' data, per project",
      text: `Connect ${inWords(connectors.signIn)}, or upload CSV exports from any tool and map their columns once. ${inWords(connectors.ownKeys)} can be added with your own API keys. A demo client with ${DEMO_MONTHS} months of data is ready on first start.`,
    },
    {
      title: "Findings ranked and explained",
      text: `A report checks ${questions} questions across ${inWords(stages)}, plus a data quality audit of ${auditChecks} checks. Each finding gives the change, the expected range and the segments that drove it, ranked by the project's main KPI. URL split tests send the visitors of one link to page variants by weight, or compare two pages, with a significance test.`,
    },
    {
      title: "One dashboard for every client",
      text: "Each project's headline numbers against the previous period, the findings of its latest report, and the data sources that are disconnected or out of date, on one screen.",
    },
    {
      title: "Ready to hand over",
      text: `Tag and save insights into custom reports and export them to ${inWords(EXPORT_FORMAT_LIST, "or")} with your agency's logo, colours and fonts. Email a report or save it to Dropbox, now or on a ${inWords(SCHEDULE_FREQUENCY_LIST, "or")} schedule, or share a read-only link.`,
    },
    {
      title: "Your team, your plan",
      text: "Share clients with your staff at the level each one needs. Plans are billed through Stripe by the number of projects you report on.",
    },
  ];
}
