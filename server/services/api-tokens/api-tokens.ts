import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { createApiTokenSchema } from "@/lib/validation/api-tokens";
import { hashApiToken, newApiToken } from "../../auth/api-token";
import { db } from "../../db/client";
import { apiTokens, users, type ApiToken } from "../../db/schema";
import { NotFoundError } from "../../errors";
import type { ServiceContext } from "../context";

function apiTokenView(t: ApiToken & { createdBy?: string | null }) {
  return {
    _id: t.id,
    name: t.name,
    prefix: t.prefix,
    createdBy: t.createdBy ?? null,
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
  };
}
export type ApiTokenView = ReturnType<typeof apiTokenView>;

/** POST /api-tokens (agency admins): a new token, returned once in `token`; only its hash is kept. */
export async function createApiToken({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof createApiTokenSchema>;
}) {
  const token = newApiToken();
  const [row] = await db()
    .insert(apiTokens)
    .values({
      agencyId: ctx.actor.agencyId,
      userId: ctx.actor.userId,
      name: input.name,
      tokenHash: hashApiToken(token),
      prefix: token.slice(0, 10),
    })
    .returning();
  return { ...apiTokenView({ ...row, createdBy: ctx.actor.email }), token };
}

/** GET /api-tokens (agency admins): the agency's tokens in use, newest first (never the tokens themselves). */
export async function listApiTokens({ ctx }: { ctx: ServiceContext }) {
  const rows = await db()
    .select({ token: apiTokens, createdBy: users.email })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.agencyId, ctx.actor.agencyId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
  const docs = rows.map((r) => apiTokenView({ ...r.token, createdBy: r.createdBy }));
  return { docs, total: docs.length };
}

/** DELETE /api-tokens/{id} (agency admins): the token is refused from its next call. */
export async function revokeApiToken({ ctx, input }: { ctx: ServiceContext; input: { id: string } }) {
  const [row] = await db()
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, input.id), eq(apiTokens.agencyId, ctx.actor.agencyId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!row) throw new NotFoundError();
  return { status: 200, _id: row.id };
}
