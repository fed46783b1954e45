"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { AlertsProvider } from "./alerts/alerts-context";
import { InteractiveMark } from "./interactive-mark";
import { ServiceWorkerRegistration } from "./service-worker-registration";
import { createQueryClient, setUnexpectedErrorHandler } from "@/lib/api-client/query-client";
import { useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";

/** Sends query errors that no page handles to the spec's global handling by status. */
function GlobalQueryErrors() {
  const handle = useApiErrorHandler();
  useEffect(() => setUnexpectedErrorHandler(handle), [handle]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AlertsProvider>
      <QueryClientProvider client={queryClient}>
        <GlobalQueryErrors />
        {children}
        <ServiceWorkerRegistration />
        <InteractiveMark />
      </QueryClientProvider>
    </AlertsProvider>
  );
}
