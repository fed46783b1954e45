import { NextResponse } from "next/server";
import { premiumConnectSchema } from "@/lib/validation/premium-sources";
import { parseJsonBody } from "@/server/http/body";
import { setConnectNonce } from "@/server/http/premium-connect-cookie";
import { withProjectAccess } from "@/server/http/route";
import { startPremiumConnect } from "@/server/services/premium-sources/start-connect";

// Starts connecting a CRM (HubSpot) or ecommerce platform (Shopify) to the project: the answer is
// the provider's consent page, where the wizard sends the browser; the nonce cookie binds the
// callback to this browser.
export const POST = withProjectAccess<{ id: string; integration: string }>(
  "datasource:manage",
  async (ctx, { req, params }) => {
    const body = await parseJsonBody(req, premiumConnectSchema);
    const { url, nonce, integration } = await startPremiumConnect({
      ctx,
      input: { integration: params.integration, name: body.name, shop: body.shop },
    });
    const res = NextResponse.json({ url });
    setConnectNonce(res, integration, nonce);
    return res;
  },
);
