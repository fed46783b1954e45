"use client";

import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { queryKeys } from "@/lib/api-client/query-keys";
import type { CurrentUser } from "@/lib/api-client/types";

/** Seeds the query cache with the user the server already loaded, so the shell renders without a flash. */
export function SessionHydration({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [state] = useState(() => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.currentUser, user);
    return dehydrate(client);
  });
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
