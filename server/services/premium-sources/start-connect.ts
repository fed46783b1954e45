import "server-only";
import { and, eq, lt } from "drizzle-orm";
import {
  PREMIUM_MESSAGES as M,
  PREMIUM_SOURCES,
  SHOP_DOMAIN,
  isPremiumIntegration,
  type PremiumIntegration,
} from "@/lib/constants/premium-sources";
import { encryptSecret } from "../../auth/encryption";
import { hashToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { oauthStates } from "../../db/schema";
import { appUrl } from "../../env";
import { BadRequestError, NotFoundError, ValidationError } from "../../errors";
import { hubspotAuthorizeUrl } from "../../integrations/hubspot/oauth";
import { metaConfigured } from "../../integrations/meta/config";
import { metaAuthorizeUrl } from "../../integrations/meta/oauth";
import { premiumConfig, premiumEnabled } from "../../integrations/premium/config";
import { shopifyAuthorizeUrl } from "../../integrations/shopify/oauth";
import type { ProjectServiceContext } from "../context";
import { CONNECT_TTL_SECONDS, encodeConnectState, newNonce } from "./oauth-state";

export const callbackUri = (integration: PremiumIntegration) => appUrl(`/callback/${integration}`);

/** The integration named in a path, if it exists and this server offers it. */
export function enabledIntegration(value: string): PremiumIntegration {
  if (!isPremiumIntegration(value)) throw new NotFoundError(M.unknownIntegration);
  if (!premiumEnabled()[value]) throw new BadRequestError(M.notEnabled(PREMIUM_SOURCES[value].provider));
  return value;
}

/**
 * GET /properties/{id}/data-sources/connect/{integration}: starts connecting a CRM (HubSpot) or an
 * ecommerce platform (Shopify) to the project. The signed state is remembered server-side by its
 * hash for ten minutes (one use) and its nonce goes to the browser as a cookie; the answer is the
 * provider's consent page to send the browser to.
 */
export async function startPremiumConnect({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: { integration: string; name?: string; shop?: string };
}): Promise<{ url: string; nonce: string; integration: PremiumIntegration }> {
  const integration = enabledIntegration(input.integration);
  const c = premiumConfig();
  const provider = PREMIUM_SOURCES[integration].provider;
  const configured =
    integration === "hubspot"
      ? c.HUBSPOT_CLIENT_ID && c.HUBSPOT_CLIENT_SECRET
      : integration === "meta"
        ? metaConfigured()
        : c.SHOPIFY_CLIENT_ID && c.SHOPIFY_CLIENT_SECRET;
  if (!configured) throw new BadRequestError(M.notConfigured(provider));
  const shop = input.shop?.trim().toLowerCase();
  if (integration === "shopify" && (!shop || !SHOP_DOMAIN.test(shop)))
    throw new ValidationError({ shop: M.shopInvalid });

  const nonce = newNonce();
  const { project } = ctx.access;
  const state = encodeConnectState({
    integration,
    userId: ctx.actor.userId,
    agencyId: ctx.actor.agencyId,
    projectId: project.id,
    nonce,
    ...(integration === "shopify" ? { shop } : {}),
    ...(input.name?.trim() ? { name: input.name.trim().slice(0, 255) } : {}),
  });
  const redirectUri = callbackUri(integration);
  const now = new Date();
  await db()
    .delete(oauthStates)
    .where(and(eq(oauthStates.userId, ctx.actor.userId), lt(oauthStates.expiresAt, now)));
  await db()
    .insert(oauthStates)
    .values({
      userId: ctx.actor.userId,
      provider: integration,
      stateHash: hashToken(state),
      // No PKCE at these providers: the column holds the nonce, so the record alone can be checked.
      codeVerifierEncrypted: encryptSecret(nonce),
      redirectUri,
      returnPath: `/client-projects/${project.id}/data-sources`,
      expiresAt: new Date(now.getTime() + CONNECT_TTL_SECONDS * 1000),
    });
  const url =
    integration === "hubspot"
      ? hubspotAuthorizeUrl({ redirectUri, state })
      : integration === "meta"
        ? metaAuthorizeUrl({ redirectUri, state })
        : shopifyAuthorizeUrl({ shop: shop!, redirectUri, state });
  return { url, nonce, integration };
}
