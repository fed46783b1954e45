import "server-only";
import { CONNECTOR_MESSAGES as M } from "@/lib/constants/connector-messages";
import { googleConfig } from "../../integrations/google/config";
import { metaConfigured } from "../../integrations/meta/config";
import { premiumConfig } from "../../integrations/premium/config";

/**
 * The wizard's choices this server cannot connect, each with the sentence the wizard shows: the
 * Google, Meta, HubSpot and Shopify sign-ins need this server's app credentials (Google Ads also its
 * developer token). Nothing here names a setting: the person reading it is not the one who sets it.
 */
export function unavailableConnectors(): Record<string, string> {
  const google = googleConfig();
  const premium = premiumConfig();
  const out: Record<string, string> = {};
  if (!google.GOOGLE_CLIENT_ID || !google.GOOGLE_CLIENT_SECRET)
    for (const subType of ["analytic-4", "analytic", "searchconsole", "ads"])
      out[subType] = M.notSetUp("Google sign-in");
  else if (!google.GOOGLE_ADS_DEVELOPER_TOKEN) out.ads = M.notSetUp("Google Ads");
  if (!metaConfigured()) out.meta = M.notSetUp("Meta sign-in");
  if (!premium.HUBSPOT_CLIENT_ID || !premium.HUBSPOT_CLIENT_SECRET) out.hubspot = M.notSetUp("HubSpot sign-in");
  if (!premium.SHOPIFY_CLIENT_ID || !premium.SHOPIFY_CLIENT_SECRET) out.shopify = M.notSetUp("Shopify sign-in");
  return out;
}
