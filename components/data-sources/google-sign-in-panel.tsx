"use client";

import { Button } from "@/components/ui/button";
import type { GoogleAccount } from "@/lib/api-client/google";
import { formatDate } from "@/lib/format";
import type { SignInState } from "@/lib/hooks/use-google-sign-in";

/** Who the wizard reads Google as, and the button that opens the sign-in popup. */
export function GoogleSignInPanel({
  account,
  loading,
  state,
  onSignIn,
  problem,
}: {
  account: GoogleAccount | null | undefined;
  loading: boolean;
  state: SignInState;
  onSignIn: () => void;
  /** Google refused the stored sign-in (expired or revoked): sign in again. */
  problem?: string;
}) {
  const waiting = state.status === "waiting";
  return (
    <section aria-labelledby="google-account-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h4 id="google-account-heading" className="text-sm font-semibold text-slate-900">
        Google account
      </h4>
      {loading ? (
        <p className="mt-1 text-sm text-slate-600" aria-live="polite">
          Checking your Google sign-in…
        </p>
      ) : account && !problem ? (
        <p className="mt-1 text-sm text-slate-700">
          Signed in as <span className="font-medium text-slate-900">{account.email}</span> since{" "}
          {formatDate(account.connectedAt)}. The lists below come from this account.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          Sign in with the Google account that can see the client&apos;s data. Funnelwise asks for read-only access to
          Analytics and Search Console, and for Google Ads.
        </p>
      )}
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {state.status === "error" ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {state.message}
        </p>
      ) : null}
      {/* No button until the sign-in is known: "Sign in with Google" shown while checking would be replaced by
          "Use another Google account" under the pointer, and a click on it would open a sign-in nobody needs. */}
      {loading ? null : (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            size="sm"
            variant={account && !problem ? "secondary" : "primary"}
            loading={waiting}
            onClick={onSignIn}
          >
            {account && !problem ? "Use another Google account" : "Sign in with Google"}
          </Button>
          {waiting ? (
            <span className="text-sm text-slate-600" aria-live="polite">
              Waiting for the Google window…
            </span>
          ) : null}
        </div>
      )}
    </section>
  );
}
