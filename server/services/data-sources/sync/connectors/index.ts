import "server-only";
import { ga4Connector } from "./ga4";
import { googleAdsConnector } from "./google-ads";
import { searchConsoleConnector } from "./search-console";
import type { Connector } from "./types";

/** The connector of each Google sub-type that imports data. Legacy Analytics (UA) stopped
 * processing data in 2024: its sources are selections only, with nothing left to import. */
export const CONNECTORS: Record<string, Connector> = {
  "analytic-4": ga4Connector,
  searchconsole: searchConsoleConnector,
  ads: googleAdsConnector,
};

export function connectorFor(subType: string | null): Connector | undefined {
  return subType ? CONNECTORS[subType] : undefined;
}
