import type { Metadata } from "next";
import { GoogleSignInDone } from "@/components/data-sources/google-sign-in-done";
import type { GoogleSignInResult } from "@/lib/constants/google-sources";

export const metadata: Metadata = { title: "Google sign-in" };

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/** Where /api/google-service/auth-code sends the popup at the end of a Google sign-in. */
export default async function GoogleSignInPage({ searchParams }: { searchParams: Promise<Search> }) {
  const query = await searchParams;
  const attempt = one(query.attempt);
  const error = one(query.error);
  const result: GoogleSignInResult = error
    ? {
        ok: false,
        reason: error === "access_denied" ? "access_denied" : "failed",
        message: one(query.message).slice(0, 500),
        attempt,
      }
    : { ok: true, email: one(query.email).slice(0, 320), attempt };
  return <GoogleSignInDone result={result} />;
}
