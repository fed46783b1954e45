import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { PREMIUM_MESSAGES as M, PREMIUM_SOURCES } from "@/lib/constants/premium-sources";
import { decryptSecret, encryptSecret } from "../../auth/encryption";
import { db } from "../../db/client";
import { dataSources, thirdPartySessions } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../errors";
import { listMetaAdAccounts, type MetaAdAccount } from "../../integrations/meta/ad-accounts";
import { exchangeMetaCode } from "../../integrations/meta/oauth";
import { syncPartnerSourceJob } from "../../jobs/contracts/sync-partner-source";
import { enqueue } from "../../jobs/enqueue";
import { log } from "../../log";
import type { ProjectServiceContext, ServiceContext } from "../context";
import { dataSourceView } from "../data-sources/data-source-view";

// A Meta login's ad accounts and the source made from one of them. The login (its long-lived token,
// encrypted) is the user's own: only they list its accounts or make a source from it; anyone else's
// session id is a 404.

async function ownSession(ctx: ServiceContext, sessionId: string) {
  const [session] = await db()
    .select()
    .from(thirdPartySessions)
    .where(
      and(
        eq(thirdPartySessions.id, sessionId),
        eq(thirdPartySessions.userId, ctx.actor.userId),
        eq(thirdPartySessions.agencyId, ctx.actor.agencyId),
        eq(thirdPartySessions.type, "meta"),
        isNull(thirdPartySessions.revokedAt),
      ),
    );
  if (!session) throw new NotFoundError("This Meta login was not found. Please connect Meta again");
  return session;
}

/** GET /meta/ad-accounts?sessionId: the ad accounts the login manages, live from Meta. */
export async function listMetaAccounts({ ctx, input }: { ctx: ServiceContext; input: { sessionId: string } }) {
  const session = await ownSession(ctx, input.sessionId);
  const accounts = await listMetaAdAccounts(decryptSecret(session.accessTokenEncrypted));
  return { docs: accounts, ...(accounts.length === 0 ? { message: M.noAdAccount } : {}) };
}

/** Writes the source of one ad account and queues its first import (37 months). */
export async function insertMetaSource(
  ctx: ServiceContext,
  project: { id: string; agencyId: string },
  sessionId: string,
  account: MetaAdAccount,
  name?: string,
) {
  const [source] = await db()
    .insert(dataSources)
    .values({
      agencyId: project.agencyId,
      projectId: project.id,
      sourceName: PREMIUM_SOURCES.meta.sourceName,
      kind: PREMIUM_SOURCES.meta.kind,
      name: name?.trim() || `Meta Ads: ${account.name || account.id}`,
      additional: {
        integration: "meta",
        adAccountId: account.id,
        adAccountName: account.name,
        currency: account.currency,
        accountTimeZone: account.timeZone,
      },
      thirdPartySessionId: sessionId,
      createdById: ctx.actor.userId,
    })
    .returning();
  // The source exists either way; the daily sync picks it up if queuing fails now.
  await enqueue(syncPartnerSourceJob, { dataSourceId: source.id }, { singletonKey: source.id }).catch(
    (error: unknown) =>
      log("warn", "could not queue the first Meta sync", { dataSourceId: source.id, error: String(error) }),
  );
  return dataSourceView(source);
}

/** POST /properties/{id}/data-sources/meta: the source of the ad account chosen from the login. */
export async function createMetaSource({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: { sessionId: string; adAccountId: string; name?: string };
}) {
  const session = await ownSession(ctx, input.sessionId);
  const accounts = await listMetaAdAccounts(decryptSecret(session.accessTokenEncrypted));
  const account = accounts.find((a) => a.id === input.adAccountId);
  if (!account) throw new ValidationError({ adAccountId: M.adAccountUnknown });
  return insertMetaSource(ctx, ctx.access.project, session.id, account, input.name);
}

/**
 * The callback's part for Meta: the code becomes a long-lived token, kept encrypted as the user's
 * Meta login; a login with one ad account makes its source at once, one with several goes on to
 * the choice of account (the wizard's page reads them live), one with none is refused.
 */
export async function finishMetaConnect(
  ctx: ServiceContext,
  project: { id: string; agencyId: string },
  input: { code: string; redirectUri: string; name?: string },
): Promise<
  Awaited<ReturnType<typeof insertMetaSource>> | { chooseAdAccount: { sessionId: string; projectId: string } }
> {
  const tokens = await exchangeMetaCode({ code: input.code, redirectUri: input.redirectUri });
  const accounts = await listMetaAdAccounts(tokens.accessToken);
  if (accounts.length === 0) throw new ValidationError({ adAccountId: M.noAdAccount }, M.noAdAccount);
  const [session] = await db()
    .insert(thirdPartySessions)
    .values({
      agencyId: project.agencyId,
      userId: ctx.actor.userId,
      type: "meta",
      accessTokenEncrypted: encryptSecret(tokens.accessToken),
      expiresAt: tokens.expiresAt,
      additionalInfo: { adAccounts: accounts.length },
    })
    .returning();
  if (accounts.length === 1) return insertMetaSource(ctx, project, session.id, accounts[0], input.name);
  return { chooseAdAccount: { sessionId: session.id, projectId: project.id } };
}
