import "server-only";
import { randomUUID } from "node:crypto";
import { decode, encode, type JWT } from "next-auth/jwt";
import { env } from "../env";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** next-auth's cookie name; the __Secure- prefix applies when the app is served over https. */
export function sessionCookieName(): string {
  return env().APP_URL.startsWith("https://") ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

export interface SessionClaims {
  sub: string;
  agencyId: string;
  role: "agency" | "staff";
  /** users.session_version at issue time; a password change bumps it and so ends older sessions. */
  sv: number;
  /** This session's own id: logout revokes it alone, leaving the user's other devices logged in. */
  sid: string;
  /** Expiry (seconds since the epoch), set by next-auth when the token is encoded. */
  exp?: number;
}

/** A new session for the claims (a fresh session id unless one is given, e.g. when next-auth re-encodes). */
export async function issueSessionToken(
  claims: Omit<SessionClaims, "sid" | "exp"> & { sid?: string },
): Promise<string> {
  const token = { ...claims, sid: claims.sid ?? randomUUID() };
  return encode({ token: token as unknown as JWT, secret: env().NEXTAUTH_SECRET, maxAge: SESSION_MAX_AGE_SECONDS });
}

/**
 * Decoding a token costs about a millisecond (next-auth derives the key with HKDF on every call, then
 * decrypts): a busy API client would pay it on each request. A token's claims depend only on its text
 * and the secret, so the claims of tokens seen recently are kept, until the token expires. This only
 * spares the decryption: revocation (logout, password change) is checked in the database on every
 * request (loadActor), so a revoked token is refused at once, cached or not.
 */
const DECODED_CACHE_SIZE = 5_000;
const decoded = new Map<string, SessionClaims>();
let decodedSecret = "";
/** next-auth's clock tolerance (seconds): a token is accepted that long past its expiry. */
const CLOCK_TOLERANCE_SECONDS = 15;

function cachedClaims(token: string, secret: string): SessionClaims | null {
  if (secret !== decodedSecret) {
    decoded.clear();
    decodedSecret = secret;
  }
  const claims = decoded.get(token);
  if (!claims) return null;
  if (claims.exp === undefined || (claims.exp + CLOCK_TOLERANCE_SECONDS) * 1000 <= Date.now()) {
    decoded.delete(token);
    return null;
  }
  return claims;
}

function remember(token: string, claims: SessionClaims): void {
  // Oldest first out: a Map iterates in insertion order.
  if (decoded.size >= DECODED_CACHE_SIZE) decoded.delete(decoded.keys().next().value!);
  decoded.set(token, claims);
}

export async function decodeSessionToken(token: string | undefined | null): Promise<SessionClaims | null> {
  if (!token) return null;
  const secret = env().NEXTAUTH_SECRET;
  const cached = cachedClaims(token, secret);
  if (cached) return cached;
  try {
    const payload = await decode({ token, secret });
    if (!payload || typeof payload.sub !== "string" || typeof payload.sv !== "number") return null;
    if (typeof payload.sid !== "string") return null;
    const claims = Object.freeze({ ...payload }) as unknown as SessionClaims;
    if (typeof claims.exp === "number") remember(token, claims);
    return claims;
  } catch {
    return null;
  }
}

/** The token from `Authorization: Bearer` (API clients) or else the session cookie (browser). */
export function readSessionToken(
  headers: Pick<Headers, "get">,
  cookie: (name: string) => string | undefined,
): string | undefined {
  const authorization = headers.get("authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) return authorization.slice(7).trim();
  return cookie(sessionCookieName());
}

export function sessionCookieOptions() {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env().APP_URL.startsWith("https://"),
    path: env().BASE_PATH || "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
  };
}
