"use client";

import { ClientsList } from "@/components/dashboard/clients-list";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { canOnAgency } from "@/lib/permissions";

/** /clients: every client the user may see with its projects (the navigation's "Clients"). */
export function ClientsIndexView() {
  const user = useCurrentUser();
  if (user.isPending) return <LoadingState />;
  if (user.isError) return <ErrorState message={toApiError(user.error).message} onRetry={() => void user.refetch()} />;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Clients</h1>
      <ClientsList agencyId={user.data.agency._id} canCreate={canOnAgency(user.data, "client:create")} />
    </div>
  );
}
