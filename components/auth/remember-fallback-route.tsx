"use client";

import { useEffect } from "react";
import { localState } from "@/lib/local-state";

/** Keeps `?next=` (a page the visitor was sent away from) as the fallback route used after login. */
export function RememberFallbackRoute({ path }: { path: string | undefined }) {
  useEffect(() => {
    if (path) localState.setFallbackRoute(path);
  }, [path]);
  return null;
}
