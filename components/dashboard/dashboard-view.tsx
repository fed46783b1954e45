"use client";

import { TokenAlerts } from "@/components/data-sources/token-alerts";
import { ProjectUsageGauge } from "@/components/projects/project-usage";
import { SearchForm } from "@/components/search/search-form";
import { SearchResults } from "@/components/search/search-results";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useAgency } from "@/lib/hooks/use-clients";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { canOnAgency } from "@/lib/permissions";
import { AttentionOverview } from "./attention-overview";
import { ClientsList } from "./clients-list";
import { InvitationsList } from "./invitations-list";
import { InviteStaffForm } from "./invite-staff-form";

function UsageGauge({ agencyId }: { agencyId: string }) {
  const agency = useAgency(agencyId);
  return agency.data ? <ProjectUsageGauge usage={agency.data.usage} /> : null;
}

/** /dashboard (and ?q= for search). */
export function DashboardView({ q, notice = null }: { q: string; notice?: string | null }) {
  const user = useCurrentUser();
  if (user.isPending) return <LoadingState />;
  if (user.isError) return <ErrorState message={toApiError(user.error).message} onRetry={() => void user.refetch()} />;
  const agencyId = user.data.agency._id;
  const isAdmin = canOnAgency(user.data, "client:create");

  return (
    <div className="space-y-6">
      {notice ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {notice}
        </p>
      ) : null}
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome, {user.data.firstName}</h1>
          <p className="mt-1 text-sm text-slate-600">
            You are working in <strong className="text-slate-900">{user.data.agency.name}</strong>.
          </p>
        </div>
        <div className="w-full lg:max-w-md">
          <SearchForm path="/dashboard" q={q} placeholder="Clients, projects, people" />
        </div>
      </div>
      <TokenAlerts />
      {q ? <SearchResults q={q} /> : <AttentionOverview />}
      {q ? null : (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-[1fr_18rem] xl:items-start">
          {isAdmin ? (
            <div className="xl:order-last">
              <UsageGauge agencyId={agencyId} />
            </div>
          ) : null}
          <ClientsList agencyId={agencyId} canCreate={isAdmin} />
        </div>
      )}
      {isAdmin && !q ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
          <InviteStaffForm />
          <InvitationsList />
        </div>
      ) : null}
    </div>
  );
}
