"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { ClientForm } from "@/components/clients/client-form";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { Pager } from "@/components/ui/pager";
import { StatusBadge } from "@/components/ui/status-badge";
import type { ClientListEntry } from "@/lib/api-client/types";
import { PAGE_SIZE } from "@/lib/constants/app";
import { formatDate, siteTypeLabel } from "@/lib/format";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useAgencyClients } from "@/lib/hooks/use-clients";
import { permissionLabel } from "@/lib/permissions";

function ClientItem({ client }: { client: ClientListEntry }) {
  return (
    <li className="py-4" aria-label={client.name}>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <h3 className="max-w-full min-w-0 truncate font-medium">
          <Link
            href={`/clients/${client._id}`}
            title={client.name}
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {client.name}
          </Link>
        </h3>
        <StatusBadge status={client.status} />
        {client.permission ? (
          <span className="text-xs text-slate-500">Your access: {permissionLabel(client.permission)}</span>
        ) : null}
      </div>
      {client.website || client.industry ? (
        <p className="mt-0.5 text-xs text-slate-500">
          {[client.website, client.industry, client.countryName].filter(Boolean).join(" · ")}
        </p>
      ) : null}
      {client.projects.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No projects yet.{" "}
          <Link href={`/clients/${client._id}`} className="text-brand-700 underline underline-offset-2">
            Open {client.name} to add one
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-2 grid gap-2 sm:grid-cols-2 xl:grid-cols-3" aria-label={`Projects of ${client.name}`}>
          {client.projects.map((project) => (
            <li key={project._id} className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <Link
                  href={`/client-projects/${project._id}`}
                  title={project.name}
                  className="max-w-full min-w-0 truncate font-medium text-slate-900 underline-offset-2 hover:underline"
                >
                  {project.name}
                </Link>
                <StatusBadge status={project.status} />
              </div>
              <p className="mt-0.5 text-xs text-slate-600">
                {project.label} · {siteTypeLabel(project.siteType)}
              </p>
              <p className="text-xs text-slate-500">
                {project.lastReportAt ? `Last report ${formatDate(project.lastReportAt)}` : "No report yet"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The dashboard's clients with their projects, 20 a page, newest first; "Add client" for agency admins. */
export function ClientsList({ agencyId, canCreate }: { agencyId: string; canCreate: boolean }) {
  const router = useRouter();
  const alerts = useAlerts();
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const clients = useAgencyClients(agencyId, page);
  const total = clients.data?.total ?? 0;

  return (
    <Card aria-labelledby="clients-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="clients-heading">Clients</CardTitle>
          <CardDescription>
            {canCreate
              ? "Your clients and their reporting projects."
              : "The clients shared with you and their reporting projects."}
            {total > 0 ? ` ${total} in all.` : ""}
          </CardDescription>
        </div>
        {canCreate ? <Button onClick={() => setAdding(true)}>Add client</Button> : null}
      </div>
      <div className="mt-2" aria-busy={clients.isFetching}>
        {clients.isPending ? (
          <LoadingState label="Loading clients…" />
        ) : clients.isError ? (
          <ErrorState
            title="We could not load your clients"
            message={toApiError(clients.error).message}
            onRetry={() => void clients.refetch()}
          />
        ) : clients.data.docs.length === 0 ? (
          canCreate ? (
            <EmptyState title="Add your first client" className="mt-2">
              Start with <strong>Add client</strong> above. Then add a project (a Performance Report) for each of the
              client&apos;s sites, and invite your staff to work on it with you.
            </EmptyState>
          ) : (
            <EmptyState title="No clients shared with you yet" className="mt-2">
              Ask your agency admin to share a client with you; it will appear here.
            </EmptyState>
          )
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {clients.data.docs.map((client) => (
                <ClientItem key={client._id} client={client} />
              ))}
            </ul>
            <Pager label="Clients pages" page={page} total={total} pageSize={PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </div>

      <Dialog
        open={adding}
        onClose={() => setAdding(false)}
        title="New client"
        description="Then add its projects on the client's page."
      >
        <ClientForm
          onCancel={() => setAdding(false)}
          onSaved={(client) => {
            setAdding(false);
            alerts.success(`${client.name} added. Now add its first project.`, { on: `/clients/${client._id}` });
            router.push(`/clients/${client._id}`);
          }}
        />
      </Dialog>
    </Card>
  );
}
