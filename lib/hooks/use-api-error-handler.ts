"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { MESSAGES } from "../constants/messages";
import { ApiError } from "../api-client/http";
import { useLogout } from "./use-logout";

export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(500, MESSAGES.internalError);
}

/**
 * The spec's global handling by status (section 8), for errors a page does not handle itself:
 * 401 logs out and shows the message; 403 and 404 go to the not-found page; 400 shows the message;
 * no response (status 0) shows the message so the user can retry; anything else goes to internal-error.
 */
export function useApiErrorHandler() {
  const router = useRouter();
  const alerts = useAlerts();
  const logout = useLogout();
  return useCallback(
    (raw: unknown) => {
      const error = toApiError(raw);
      switch (error.status) {
        case 401:
          void logout({ message: error.message });
          return;
        case 403:
        case 404:
          // The not-found page already says the not-found message; any other (e.g. 403) is shown there.
          if (error.message !== MESSAGES.notFound) alerts.error(error.message, { on: "/not-found" });
          else alerts.clear();
          router.push("/not-found");
          return;
        case 400:
        case 0:
          alerts.error(error.message);
          return;
        default:
          if (error.message !== MESSAGES.internalError) alerts.error(error.message, { on: "/internal-error" });
          else alerts.clear();
          router.push("/internal-error");
      }
    },
    [router, alerts, logout],
  );
}
