import "server-only";
import { and, eq } from "drizzle-orm";
import { PARTNER_MESSAGES as M } from "@/lib/constants/partner-messages";
import { decryptSecret, encryptSecret } from "../../auth/encryption";
import { db } from "../../db/client";
import { agencyPartnerKeys } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../errors";
import { checkPartnerKey, PARTNER_KEY_PROVIDERS, type PartnerKeyProvider } from "../../integrations/partners/check-key";
import { partnerConfig } from "../../integrations/partners/config";
import type { ServiceContext } from "../context";

// The agency's own keyword-partner and competitor-source API keys (agency settings, admins only).
// A key is saved only after one live call accepted it, encrypted at rest, and never shown again
// beyond its last 4 characters. The server's key, if it has one, stays the fallback.

export function providerOf(value: string | undefined): PartnerKeyProvider {
  if (value === "semrush" || value === "similarweb") return value;
  throw new NotFoundError();
}

/** GET /agencies/{id}/partner-keys: each provider's key as the settings show it. */
export async function listPartnerKeys({ ctx }: { ctx: ServiceContext }) {
  const rows = await db().select().from(agencyPartnerKeys).where(eq(agencyPartnerKeys.agencyId, ctx.actor.agencyId));
  const c = partnerConfig();
  const serverKey = { semrush: Boolean(c.SEMRUSH_API_KEY), similarweb: Boolean(c.SIMILARWEB_API_KEY) };
  return {
    docs: (Object.keys(PARTNER_KEY_PROVIDERS) as PartnerKeyProvider[]).map((provider) => {
      const row = rows.find((r) => r.provider === provider);
      return {
        provider,
        label: PARTNER_KEY_PROVIDERS[provider],
        set: Boolean(row),
        last4: row?.keyLast4 ?? null,
        checkedAt: row?.checkedAt ?? null,
        checkMessage: row?.checkMessage ?? null,
        /** Whether imports fall back to a key of this server when the agency has none. */
        serverFallback: serverKey[provider],
      };
    }),
  };
}

/** PUT /agencies/{id}/partner-keys/{provider}: checks the key with one live call, then saves it. */
export async function savePartnerKey({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { provider: PartnerKeyProvider; apiKey: string };
}) {
  const key = input.apiKey.trim();
  if (!key) throw new ValidationError({ apiKey: M.keyRequired });
  const check = await checkPartnerKey(input.provider, key);
  if (!check.accepted) throw new ValidationError({ apiKey: check.message }, check.message);
  const values = {
    keyEncrypted: encryptSecret(key),
    keyLast4: key.slice(-4),
    checkedAt: new Date(),
    checkMessage: check.message,
    updatedById: ctx.actor.userId,
  };
  await db()
    .insert(agencyPartnerKeys)
    .values({ agencyId: ctx.actor.agencyId, provider: input.provider, ...values })
    .onConflictDoUpdate({ target: [agencyPartnerKeys.agencyId, agencyPartnerKeys.provider], set: values });
  return { message: check.message, ...(await listPartnerKeys({ ctx })) };
}

/** DELETE /agencies/{id}/partner-keys/{provider}: imports go back to the server's key, if any. */
export async function deletePartnerKey({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { provider: PartnerKeyProvider };
}) {
  await db()
    .delete(agencyPartnerKeys)
    .where(and(eq(agencyPartnerKeys.agencyId, ctx.actor.agencyId), eq(agencyPartnerKeys.provider, input.provider)));
  return { message: M.keyRemoved(PARTNER_KEY_PROVIDERS[input.provider]), ...(await listPartnerKeys({ ctx })) };
}

/** The agency's own key for a provider (decrypted), for its sources' imports; undefined: use the server's. */
export async function agencyPartnerKey(agencyId: string, provider: PartnerKeyProvider): Promise<string | undefined> {
  const [row] = await db()
    .select({ keyEncrypted: agencyPartnerKeys.keyEncrypted })
    .from(agencyPartnerKeys)
    .where(and(eq(agencyPartnerKeys.agencyId, agencyId), eq(agencyPartnerKeys.provider, provider)));
  return row ? decryptSecret(row.keyEncrypted) : undefined;
}
