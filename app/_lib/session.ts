import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { loadActor, type Actor } from "@/server/auth/actor";
import { decodeSessionToken, readSessionToken } from "@/server/auth/session-token";
import { currentUserView } from "@/server/services/users/get-user";
import type { CurrentUser } from "@/lib/api-client/types";

/** The logged-in actor from the session cookie, or null; once per request. */
export const getActor = cache(async (): Promise<Actor | null> => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const token = readSessionToken(headerList, (name) => cookieStore.get(name)?.value);
  const claims = await decodeSessionToken(token);
  return claims ? loadActor(claims) : null;
});

/** The actor's user info in the exact JSON shape GET /api/users returns, for seeding the client cache. */
export const getSessionUser = cache(async (actor: Actor): Promise<CurrentUser> => {
  const user = await currentUserView(actor.userId);
  return JSON.parse(JSON.stringify(user)) as CurrentUser;
});
