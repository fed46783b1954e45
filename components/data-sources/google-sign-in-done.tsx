"use client";

import { useEffect, useState } from "react";
import { GOOGLE_SIGN_IN_CHANNEL, type GoogleSignInResult } from "@/lib/constants/google-sources";

/**
 * The last page of the sign-in popup: hands the result to the wizard that opened it (same-origin
 * BroadcastChannel) and closes. If the window cannot close itself, it says what happened.
 */
export function GoogleSignInDone({ result }: { result: GoogleSignInResult }) {
  const [closing, setClosing] = useState(true);
  useEffect(() => {
    if (typeof BroadcastChannel !== "undefined") {
      const channel = new BroadcastChannel(GOOGLE_SIGN_IN_CHANNEL);
      channel.postMessage(result);
      channel.close();
    }
    const timer = setTimeout(() => {
      window.close();
      setClosing(false);
    }, 150);
    return () => clearTimeout(timer);
  }, [result]);

  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-lg font-semibold text-slate-900">
        {result.ok ? "Signed in with Google" : "Google sign-in did not complete"}
      </h1>
      <p role={result.ok ? "status" : "alert"} className="mt-3 text-sm text-slate-700">
        {result.ok ? `Connected as ${result.email}.` : result.message}
      </p>
      {!closing ? <p className="mt-3 text-sm text-slate-600">You can close this window.</p> : null}
    </main>
  );
}
