import "server-only";
import { and, eq } from "drizzle-orm";
import { PREMIUM_MESSAGES as M, PREMIUM_SOURCES, type PremiumIntegration } from "@/lib/constants/premium-sources";
import { requireProjectAccess } from "../../auth/client-access";
import { encryptSecret } from "../../auth/encryption";
import { hashToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { dataSources, oauthStates, thirdPartySessions } from "../../db/schema";
import { BadRequestError } from "../../errors";
import { exchangeHubSpotCode, hubspotTokenInfo } from "../../integrations/hubspot/oauth";
import { PartnerApiError } from "../../integrations/partners/errors";
import { exchangeShopifyCode, getShop, validShopifyHmac } from "../../integrations/shopify/oauth";
import { syncPartnerSourceJob } from "../../jobs/contracts/sync-partner-source";
import { enqueue } from "../../jobs/enqueue";
import { log } from "../../log";
import type { ServiceContext } from "../context";
import { dataSourceView } from "../data-sources/data-source-view";
import { finishMetaConnect } from "./meta-source";
import { decodeConnectState, sameNonce } from "./oauth-state";
import { enabledIntegration } from "./start-connect";

/** The third-party session type of each integration's tokens. */
export const SESSION_TYPE: Record<PremiumIntegration, string> = {
  hubspot: "hubspot",
  shopify: "shopify",
  meta: "meta",
};

/**
 * GET /callback/{integration}: the provider sends the browser back with a code and the state.
 * The state must be signed by us, unexpired, for this integration, started by this user in this
 * browser (cookie nonce) and not used before (its record is consumed); Shopify's answer must also
 * carry Shopify's signature (hmac) for the store the user named. Then the user must still manage
 * the project. Only after the code is exchanged and the account read are the tokens (encrypted)
 * and the data source written, and the first import queued. Every refusal is a 4xx (a provider's
 * failure a 502/503/429) and writes nothing.
 */
export async function finishPremiumConnect({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { integration: string; query: URLSearchParams; cookieNonce?: string };
}) {
  const integration = enabledIntegration(input.integration);
  const provider = PREMIUM_SOURCES[integration].provider;
  const rawState = input.query.get("state");
  const state = decodeConnectState(rawState);
  if (
    !state ||
    state.integration !== integration ||
    state.userId !== ctx.actor.userId ||
    state.agencyId !== ctx.actor.agencyId ||
    !sameNonce(state.nonce, input.cookieNonce)
  ) {
    log("warn", "premium connect state refused", { txId: ctx.txId, integration, signed: Boolean(state) });
    throw new BadRequestError(M.stateInvalid);
  }
  if (integration === "shopify" && (input.query.get("shop") !== state.shop || !validShopifyHmac(input.query))) {
    log("warn", "shopify callback not signed by Shopify", { txId: ctx.txId });
    throw new BadRequestError(M.callbackForged);
  }
  // One use: a replayed state finds no record.
  const [pending] = await db()
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, hashToken(rawState!)), eq(oauthStates.provider, integration)))
    .returning();
  if (!pending || pending.userId !== ctx.actor.userId || pending.expiresAt.getTime() <= Date.now())
    throw new BadRequestError(M.stateInvalid);
  if (input.query.get("error")) throw new BadRequestError(M.denied(provider));
  const code = input.query.get("code");
  if (!code || code.length > 2048) throw new BadRequestError(M.exchangeFailed(provider));

  // Still allowed to add sources to the project (another agency's project: 404).
  const { project } = await requireProjectAccess(ctx.actor, state.projectId, "datasource:manage");
  if (integration === "meta")
    return finishMetaConnect(ctx, project, { code, redirectUri: pending.redirectUri, name: state.name }).catch(
      (error: unknown) => {
        throw refusedExchange(ctx, integration, provider, error);
      },
    );

  let tokens: { accessToken: string; refreshToken: string | null; expiresAt: Date | null };
  let additional: Record<string, unknown>;
  let sessionInfo: Record<string, unknown>;
  try {
    if (integration === "hubspot") {
      tokens = await exchangeHubSpotCode({ code, redirectUri: pending.redirectUri });
      const info = await hubspotTokenInfo(tokens.accessToken);
      additional = { portalId: info.hubId, hubDomain: info.hubDomain };
      sessionInfo = { portalId: info.hubId, hubDomain: info.hubDomain, user: info.user };
    } else {
      const accessToken = await exchangeShopifyCode({ shop: state.shop!, code });
      tokens = { accessToken, refreshToken: null, expiresAt: null };
      const shop = await getShop(state.shop!, accessToken);
      additional = { shop: shop.domain, shopName: shop.name, currency: shop.currency, shopTimeZone: shop.timeZone };
      sessionInfo = { shop: shop.domain, shopName: shop.name };
    }
  } catch (error) {
    throw refusedExchange(ctx, integration, provider, error);
  }

  const source = await db().transaction(async (tx) => {
    const [session] = await tx
      .insert(thirdPartySessions)
      .values({
        agencyId: project.agencyId,
        userId: ctx.actor.userId,
        type: SESSION_TYPE[integration],
        accessTokenEncrypted: encryptSecret(tokens.accessToken),
        refreshTokenEncrypted: tokens.refreshToken ? encryptSecret(tokens.refreshToken) : null,
        expiresAt: tokens.expiresAt,
        additionalInfo: sessionInfo,
      })
      .returning();
    const [row] = await tx
      .insert(dataSources)
      .values({
        agencyId: project.agencyId,
        projectId: project.id,
        sourceName: PREMIUM_SOURCES[integration].sourceName,
        kind: PREMIUM_SOURCES[integration].kind,
        name:
          state.name ?? `${provider}: ${String(additional.shopName ?? additional.hubDomain ?? additional.portalId)}`,
        additional: { integration, ...additional },
        thirdPartySessionId: session.id,
        createdById: ctx.actor.userId,
      })
      .returning();
    return row;
  });
  // The source exists either way; the daily sync picks it up if queuing fails now.
  await enqueue(syncPartnerSourceJob, { dataSourceId: source.id }, { singletonKey: source.id }).catch(
    (error: unknown) =>
      log("warn", "could not queue the first premium sync", { dataSourceId: source.id, error: String(error) }),
  );
  return dataSourceView(source);
}

/** The provider refusing the code is the user's to retry; quota and outages keep their status. */
function refusedExchange(ctx: ServiceContext, integration: PremiumIntegration, provider: string, error: unknown) {
  if (error instanceof PartnerApiError) {
    log("warn", "premium connect failed", { txId: ctx.txId, integration, kind: error.kind, detail: error.detail });
    if (error.kind === "key" || error.kind === "request" || error.kind === "notFound")
      return new PartnerApiError(error.kind, 502, M.exchangeFailed(provider), error.detail);
  }
  return error;
}
