"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import type { ClientListEntry } from "@/lib/api-client/types";
import { PAGE_SIZE } from "@/lib/constants/app";
import { SITE_TYPES } from "@/lib/constants/site-types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useAgencyClients } from "@/lib/hooks/use-clients";

const siteTypeLabel = (value: string) => SITE_TYPES.find((t) => t.value === value)?.label ?? value;

function StatusBadge({ status }: { status: string }) {
  if (status === "active") return null;
  return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">Suspended</span>;
}

function ClientItem({ client }: { client: ClientListEntry }) {
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium text-slate-900">{client.name}</h3>
        <StatusBadge status={client.status} />
        {client.website ? <span className="text-xs text-slate-500">{client.website}</span> : null}
      </div>
      {client.projects.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">No projects yet.</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Projects of ${client.name}`}>
          {client.projects.map((project) => (
            <li
              key={project._id}
              className={cn(
                "rounded-lg border px-3 py-1.5 text-sm",
                project.status === "active" ? "border-slate-200 bg-slate-50" : "border-slate-200 bg-white text-slate-500",
              )}
            >
              <span className="font-medium text-slate-800">{project.name}</span>
              <span className="text-slate-500"> · {siteTypeLabel(project.siteType)}</span>
              {project.status !== "active" ? <span className="text-slate-500"> · suspended</span> : null}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function ClientsList({ agencyId }: { agencyId: string }) {
  const [page, setPage] = useState(0);
  const clients = useAgencyClients(agencyId, page);
  const total = clients.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Card aria-labelledby="clients-heading">
      <CardTitle id="clients-heading">Clients</CardTitle>
      <CardDescription>Your clients and their reporting projects.</CardDescription>
      <div className="mt-2" aria-busy={clients.isFetching}>
        {clients.isPending ? (
          <LoadingState label="Loading clients…" />
        ) : clients.isError ? (
          <ErrorState title="We could not load your clients" message={toApiError(clients.error).message} onRetry={() => void clients.refetch()} />
        ) : clients.data.docs.length === 0 ? (
          <EmptyState title="No clients yet" className="mt-2">
            Clients added to your agency, or shared with you, are listed here.
          </EmptyState>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {clients.data.docs.map((client) => (
                <ClientItem key={client._id} client={client} />
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label="Clients pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
                <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                  Previous
                </Button>
                <span className="text-slate-600">
                  Page {page + 1} of {pages}
                </span>
                <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
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
