"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { api } from "../api-client/endpoints";
import { localState } from "../local-state";

/** Ends the session: clears the cookie server-side, then every stored state and the query cache. */
export function useLogout() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  return useCallback(
    async (options: { message?: string } = {}) => {
      try {
        await api.users.logout();
      } catch {
        // The cookie may already be gone; logging out locally is what matters now.
      }
      localState.clear();
      queryClient.clear();
      if (options.message) alerts.error(options.message, { on: "/login" });
      else alerts.clear();
      router.replace("/login");
      router.refresh();
    },
    [router, queryClient, alerts],
  );
}
