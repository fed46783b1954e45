import "server-only";
import { randomUUID } from "node:crypto";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { CLIENT_IP_HEADER } from "@/lib/constants/app";
import { loginSchema } from "@/lib/validation/auth";
import { env } from "../env";
import { login } from "../services/accounts/login";
import { loadActor } from "./actor";
import { revokeSessionClaims } from "./revoke-session";
import { decodeSessionToken, SESSION_MAX_AGE_SECONDS, type SessionClaims } from "./session-token";

/**
 * next-auth (credentials provider, JWT sessions). POST /api/users/login issues the same JWT in the
 * same cookie, so /api/auth/session and /api/auth/signout work for either way of logging in. next-auth's sign-out
 * ends the session on the server as POST /api/users/logout does: clearing the cookie alone left the token working.
 */
export function nextAuthOptions(): AuthOptions {
  return {
    secret: env().NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const parsed = loginSchema.safeParse(credentials);
          if (!parsed.success) return null;
          // The address the web server set (socket or trusted proxies), never X-Forwarded-For as sent.
          const ip = req?.headers?.[CLIENT_IP_HEADER] as string | undefined;
          const ctx = { txId: randomUUID(), ip: ip || "unknown" };
          const { token } = await login({ ctx, input: parsed.data });
          const claims = await decodeSessionToken(token);
          if (!claims) return null;
          return { id: claims.sub, agencyId: claims.agencyId, role: claims.role, sv: claims.sv, sid: claims.sid };
        },
      }),
    ],
    events: {
      // After next-auth checked its CSRF token; the token given is the decoded session cookie.
      async signOut({ token }) {
        if (token) await revokeSessionClaims(token as unknown as SessionClaims);
      },
    },
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { id: string; agencyId: string; role: string; sv: number; sid: string };
          return { sub: u.id, agencyId: u.agencyId, role: u.role, sv: u.sv, sid: u.sid };
        }
        // /api/auth/session re-issues the cookie from the token it receives: never for a session that ended
        // (logout, password change, removed staff). Throwing makes next-auth clear the cookie and answer {}.
        const claims = token as unknown as SessionClaims;
        if (typeof claims.sid !== "string" || !(await loadActor(claims))) throw new Error("Session ended");
        return token;
      },
      async session({ session, token }) {
        return { ...session, user: { id: token.sub, agencyId: token.agencyId, role: token.role } } as typeof session;
      },
    },
  };
}
