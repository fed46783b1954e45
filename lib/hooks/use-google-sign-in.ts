"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { googleApi } from "../api-client/google";
import { GOOGLE_SIGN_IN_CHANNEL, type GoogleSignInResult } from "../constants/google-sources";
import { GOOGLE_MESSAGES } from "../constants/messages";

// The Google sign-in popup. The popup runs through our auth-code route, Google's consent page and
// back to /google-sign-in, which broadcasts the result on a same-origin BroadcastChannel (the
// opener link does not survive the trip through Google's page). A popup closed before any result
// gives the spec's popup_closed_by_user message.

const CLOSED_GRACE_MS = 1500;

export type SignInState =
  | { status: "idle" }
  | { status: "waiting" }
  | { status: "done"; email: string }
  | { status: "error"; reason: "access_denied" | "popup_closed_by_user" | "failed" | "popup_blocked"; message: string };

export function useGoogleSignIn(onSignedIn?: (email: string) => void) {
  const [state, setState] = useState<SignInState>({ status: "idle" });
  const attempt = useRef<string>("");
  const popup = useRef<Window | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const callback = useRef(onSignedIn);
  useEffect(() => {
    callback.current = onSignedIn;
  }, [onSignedIn]);

  const stopWatching = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(GOOGLE_SIGN_IN_CHANNEL);
    channel.onmessage = (event: MessageEvent<GoogleSignInResult>) => {
      const result = event.data;
      if (!result || result.attempt !== attempt.current) return;
      stopWatching();
      attempt.current = "";
      if (result.ok) {
        setState({ status: "done", email: result.email });
        callback.current?.(result.email);
      } else {
        setState({ status: "error", reason: result.reason, message: result.message });
      }
    };
    return () => channel.close();
  }, [stopWatching]);

  useEffect(() => stopWatching, [stopWatching]);

  /** Call from a click handler: browsers only allow popups opened by the user's gesture. */
  const signIn = useCallback(
    (dataSourceId?: string) => {
      const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
      attempt.current = id;
      const width = 520;
      const height = 640;
      const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
      const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
      const opened = window.open(
        googleApi.signInUrl(id, dataSourceId),
        "funnelwise-google-sign-in",
        `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
      );
      if (!opened) {
        setState({
          status: "error",
          reason: "popup_blocked",
          message: "The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.",
        });
        return;
      }
      popup.current = opened;
      setState({ status: "waiting" });
      stopWatching();
      let closedSince: number | null = null;
      timer.current = setInterval(() => {
        if (!popup.current?.closed) return;
        closedSince ??= Date.now();
        // The result may still be on its way: give it a moment before calling the popup abandoned.
        if (Date.now() - closedSince < CLOSED_GRACE_MS || attempt.current !== id) return;
        stopWatching();
        // The attempt stays open: a result that arrives late still counts.
        setState({ status: "error", reason: "popup_closed_by_user", message: GOOGLE_MESSAGES.popupClosed });
      }, 300);
    },
    [stopWatching],
  );

  return { state, signIn, reset: () => setState({ status: "idle" }) };
}
