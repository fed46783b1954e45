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

export async function decodeSessionToken(token: string | undefined | null): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const decoded = await decode({ token, secret: env().NEXTAUTH_SECRET });
    if (!decoded || typeof decoded.sub !== "string" || typeof decoded.sv !== "number") return null;
    if (typeof decoded.sid !== "string") return null;
    return decoded as unknown as SessionClaims;
  } catch {
    return null;
  }
}

/** The token from `Authorization: Bearer` (API clients) or else the session cookie (browser). */
export function readSessionToken(headers: Headers, cookie: (name: string) => string | undefined): string | undefined {
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
