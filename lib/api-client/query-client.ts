import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./http";

type ErrorHandler = (error: unknown) => void;

// The query cache lives outside React, the router-aware handler inside: the app registers it here.
let unexpectedErrorHandler: ErrorHandler | null = null;

/** Registers the handler for query errors no page handles itself; returns the unregister function. */
export function setUnexpectedErrorHandler(handler: ErrorHandler): () => void {
  unexpectedErrorHandler = handler;
  return () => {
    if (unexpectedErrorHandler === handler) unexpectedErrorHandler = null;
  };
}

// Only a lost connection is worth one quiet retry; an answer from the server will not change.
const retry = (failureCount: number, error: unknown) =>
  error instanceof ApiError && error.status === 0 && failureCount < 1;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.globalErrors === false) return;
        unexpectedErrorHandler?.(error);
      },
    }),
    defaultOptions: {
      queries: { retry, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
