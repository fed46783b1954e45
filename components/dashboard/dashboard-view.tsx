"use client";

import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { ClientsList } from "./clients-list";
import { InvitationsList } from "./invitations-list";
import { InviteStaffForm } from "./invite-staff-form";

export function DashboardView() {
  const user = useCurrentUser();
  if (user.isPending) return <LoadingState />;
  if (user.isError) return <ErrorState message={toApiError(user.error).message} onRetry={() => void user.refetch()} />;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome, {user.data.firstName}</h1>
        <p className="mt-1 text-sm text-slate-600">
          You are working in <strong className="text-slate-900">{user.data.agency.name}</strong>.
        </p>
      </div>
      <ClientsList agencyId={user.data.agency._id} />
      {user.data.isAgencyAdmin ? (
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <InviteStaffForm />
          <InvitationsList />
        </div>
      ) : null}
    </div>
  );
}
