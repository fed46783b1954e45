import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { PremiumIntegration } from "@/lib/constants/premium-sources";
import { env } from "../../env";

// The OAuth `state` of a premium source connection (HubSpot, Shopify). It is signed with a key
// derived from NEXTAUTH_SECRET and names who started the connection, for which project and
// integration, a nonce also set as an httpOnly cookie in the browser that started it, and its
// expiry. The callback checks all of them against the session, and consumes the server-side
// record of the state (oauth_states, by hash) so a state works once.

export const CONNECT_TTL_SECONDS = 10 * 60;

export interface ConnectState {
  integration: PremiumIntegration;
  userId: string;
  agencyId: string;
  projectId: string;
  nonce: string;
  /** Shopify: the store the user named. */
  shop?: string;
  /** The name the user gave the source, if any. */
  name?: string;
  exp: number;
}

const key = () => createHmac("sha256", env().NEXTAUTH_SECRET).update("funnelwise premium oauth state").digest();
const sign = (payload: string) => createHmac("sha256", key()).update(payload).digest("base64url");

export const newNonce = () => randomBytes(24).toString("base64url");

export function encodeConnectState(state: Omit<ConnectState, "exp">, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ ...state, exp: Math.floor(now / 1000) + CONNECT_TTL_SECONDS }),
    "utf8",
  ).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The state if its signature is ours and it has not expired; undefined otherwise. */
export function decodeConnectState(value: string | undefined | null, now = Date.now()): ConnectState | undefined {
  if (!value || value.length > 2048) return undefined;
  const [payload, signature, extra] = value.split(".");
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let state: ConnectState;
  try {
    state = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as ConnectState;
  } catch {
    return undefined;
  }
  for (const field of ["integration", "userId", "agencyId", "projectId", "nonce"] as const)
    if (typeof state[field] !== "string") return undefined;
  if (typeof state.exp !== "number") return undefined;
  return state.exp * 1000 >= now ? state : undefined;
}

export function sameNonce(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
