"use client";

import { useEffect } from "react";
import { withBasePath } from "@/lib/api-client/http";

/** Registers public/sw.js under the base path, in production builds only. */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(withBasePath("/sw.js"), { scope: withBasePath("/") }).catch(() => {
      // Without a service worker the app works the same; nothing to tell the user.
    });
  }, []);
  return null;
}
