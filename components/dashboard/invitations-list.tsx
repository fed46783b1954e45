"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { PAGE_SIZE } from "@/lib/constants/app";
import type { Invitation } from "@/lib/api-client/types";
import { formatDate } from "@/lib/format";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useInvitations } from "@/lib/hooks/use-invitations";

const STATUS_STYLES: Record<string, string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  accepted: "bg-green-50 text-green-800 ring-green-200",
  expired: "bg-slate-100 text-slate-700 ring-slate-200",
};
const STATUS_LABELS: Record<string, string> = { pending: "Pending", accepted: "Accepted", expired: "Expired" };

function InvitationRow({ invitation }: { invitation: Invitation }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900">{invitation.email}</p>
        <p className="text-xs text-slate-500">
          Invited {formatDate(invitation.createdAt)}
          {invitation.status === "pending" ? ` · expires ${formatDate(invitation.expiresAt)}` : null}
        </p>
      </div>
      <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-medium ring-1", STATUS_STYLES[invitation.status])}>
        {STATUS_LABELS[invitation.status] ?? invitation.status}
      </span>
    </li>
  );
}

export function InvitationsList() {
  const [page, setPage] = useState(0);
  const invitations = useInvitations(page);
  const total = invitations.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Card aria-labelledby="invitations-heading">
      <CardTitle id="invitations-heading">Invitations</CardTitle>
      <CardDescription>People you invited and whether they have joined.</CardDescription>
      <div className="mt-4" aria-busy={invitations.isFetching}>
        {invitations.isPending ? (
          <LoadingState label="Loading invitations…" />
        ) : invitations.isError ? (
          <ErrorState
            title="We could not load your invitations"
            message={toApiError(invitations.error).message}
            onRetry={() => void invitations.refetch()}
          />
        ) : invitations.data.docs.length === 0 ? (
          <EmptyState title="No invitations yet">
            Invite your staff with Send invitations; their invitations will be listed here.
          </EmptyState>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {invitations.data.docs.map((invitation) => (
                <InvitationRow key={invitation._id} invitation={invitation} />
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label="Invitations pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
                <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                  Previous
                </Button>
                <span className="text-slate-600">
                  Page {page + 1} of {pages}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page + 1 >= pages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}
