"use client";

import { useEffect } from "react";
import { MESSAGES } from "../constants/messages";
import { toApiError, useApiErrorHandler } from "./use-api-error-handler";

/**
 * For a page about one client (or something under it): a suspended client is a 403 with the
 * spec's message, which the page explains in place (the user did nothing wrong and the link is
 * right). Every other failure goes to the spec's global handling by status.
 * Returns "suspended" when the page should show the suspended message.
 */
export function useClientAccessError(error: unknown): "suspended" | "other" | null {
  const handle = useApiErrorHandler();
  const apiError = error ? toApiError(error) : null;
  const suspended = apiError?.status === 403 && apiError.message === MESSAGES.clientSuspended;
  useEffect(() => {
    if (error && !suspended) handle(error);
  }, [error, suspended, handle]);
  if (!apiError) return null;
  return suspended ? "suspended" : "other";
}
