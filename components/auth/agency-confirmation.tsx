"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { buttonClasses } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { api } from "@/lib/api-client/endpoints";
import { queryKeys } from "@/lib/api-client/query-keys";
import { toApiError } from "@/lib/hooks/use-api-error-handler";

/**
 * Confirms the agency on load. The token is single-use, so the call must run exactly once:
 * the query never refetches and is deduplicated across React's double mount in development.
 */
export function AgencyConfirmation({ token }: { token: string }) {
  const confirmation = useQuery({
    queryKey: queryKeys.agencyConfirmation(token),
    queryFn: () => api.agencies.confirm(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    meta: { globalErrors: false },
  });

  if (confirmation.isPending) return <LoadingState label="Confirming your agency…" />;
  if (confirmation.isError) {
    return (
      <ErrorState title="We could not confirm your agency" message={toApiError(confirmation.error).message}>
        <Link href="/login" className="font-medium text-brand-700 underline underline-offset-2">
          Go to log in
        </Link>
      </ErrorState>
    );
  }
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm text-slate-700">
        {confirmation.data.message}
      </p>
      <Link href="/login" className={buttonClasses("primary", "md", "w-full")}>
        Log in
      </Link>
    </div>
  );
}
