import "server-only";
import { eq } from "drizzle-orm";
import { GOOGLE_MESSAGES as M } from "@/lib/constants/messages";
import type { GoogleSignInResult } from "@/lib/constants/google-sources";
import { requireDataSourceAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { dataSources, dataSourceSyncStates } from "../../db/schema";
import { AppError } from "../../errors";
import { consentUrl, exchangeCode } from "../../integrations/google/auth";
import { log } from "../../log";
import type { ServiceContext } from "../context";
import { queueSync, resumeSourcesOfSession } from "../data-sources/sync/queue-sync";
import { accountInfo, saveGoogleSession, userGoogleSession, type GoogleAccountInfo } from "./google-sessions";
import { decodeState, encodeState, newNonce, sameNonce } from "./oauth-state";

/**
 * GET /api/google-service/auth-code (no code yet): where to send the popup, and the nonce the route
 * sets as a cookie. With a data source id, the new sign-in will reconnect that source.
 */
export async function startGoogleSignIn({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { dataSourceId?: string; attempt?: string };
}): Promise<{ url: string; nonce: string }> {
  if (input.dataSourceId) await requireDataSourceAccess(ctx.actor, input.dataSourceId, "datasource:manage");
  const nonce = newNonce();
  const state = encodeState({
    userId: ctx.actor.userId,
    nonce,
    ...(input.dataSourceId ? { dataSourceId: input.dataSourceId } : {}),
    ...(input.attempt ? { attempt: input.attempt } : {}),
  });
  return { url: consentUrl(state), nonce };
}

/**
 * Google's redirect back: checks the state against the caller and the browser's nonce cookie,
 * trades the code for tokens, stores them as the user's Google session and, for a reconnect,
 * attaches the source to it and queues its import. Every outcome is a result for the popup page,
 * with the spec's message when the user refused.
 */
export async function completeGoogleSignIn({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { code?: string; state?: string; error?: string; cookieNonce?: string };
}): Promise<GoogleSignInResult> {
  const state = decodeState(input.state);
  const attempt = state?.attempt ?? "";
  if (!state || state.userId !== ctx.actor.userId || !sameNonce(state.nonce, input.cookieNonce)) {
    log("warn", "google sign-in state refused", { txId: ctx.txId, userId: ctx.actor.userId });
    return { ok: false, reason: "failed", message: M.invalidState, attempt };
  }
  if (input.error === "access_denied") return { ok: false, reason: "access_denied", message: M.accessDenied, attempt };
  if (input.error || !input.code) return { ok: false, reason: "failed", message: M.invalidState, attempt };

  let signedIn;
  try {
    signedIn = await exchangeCode(input.code);
  } catch (error) {
    const message = error instanceof AppError ? error.message : M.unavailable;
    log("warn", "google code exchange failed", { txId: ctx.txId, error: String(error) });
    return { ok: false, reason: "failed", message, attempt };
  }
  const session = await saveGoogleSession({ actor: ctx.actor, ...signedIn });

  if (state.dataSourceId) {
    // Checked again: the user's access may have changed while the popup was open.
    const access = await requireDataSourceAccess(ctx.actor, state.dataSourceId, "datasource:manage");
    await db()
      .update(dataSources)
      .set({ thirdPartySessionId: session.id })
      .where(eq(dataSources.id, access.dataSource.id));
    await db()
      .update(dataSourceSyncStates)
      .set({ tokenUpdateFailedAt: null, lastError: null })
      .where(eq(dataSourceSyncStates.dataSourceId, access.dataSource.id));
    await queueSync(access.dataSource);
  }
  await resumeSourcesOfSession(session.id);
  return { ok: true, email: signedIn.email, attempt };
}

/** GET /api/google-service/session: who the caller is signed in to Google as (never the tokens). */
export async function getGoogleAccount({
  ctx,
}: {
  ctx: ServiceContext;
}): Promise<{ account: GoogleAccountInfo | null }> {
  const session = await userGoogleSession(ctx.actor.userId);
  return { account: session ? accountInfo(session) : null };
}
