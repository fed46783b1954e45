"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Breadcrumbs } from "@/components/app-shell/breadcrumbs";
import { ProjectForm } from "@/components/projects/project-form";
import { ProjectList } from "@/components/projects/project-list";
import { ProjectLimitNotice } from "@/components/projects/project-usage";
import { SearchForm } from "@/components/search/search-form";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { Pager } from "@/components/ui/pager";
import { StatusBadge } from "@/components/ui/status-badge";
import type { ClientDetail } from "@/lib/api-client/types";
import { PAGE_SIZE } from "@/lib/constants/app";
import { formatDate, matchesText, siteTypeLabel } from "@/lib/format";
import { useClientAccessError } from "@/lib/hooks/use-access-error";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useAgency, useClient } from "@/lib/hooks/use-clients";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { canOnAgency, permissionLabel } from "@/lib/permissions";
import { ClientForm } from "./client-form";
import { ClientStatusActions } from "./client-status-actions";
import { ClientSuspended } from "./client-suspended";
import { DetailRow, Muted } from "@/components/ui/detail-row";

/** /clients/{id} (and ?q= to find projects within the client). */
export function ClientDetailView({ clientId, q }: { clientId: string; q: string }) {
  const user = useCurrentUser();
  const client = useClient(clientId);
  const accessError = useClientAccessError(client.error);

  if (accessError === "suspended") return <ClientSuspended />;
  if (client.isError)
    return <ErrorState message={toApiError(client.error).message} onRetry={() => void client.refetch()} />;
  if (client.isPending || !user.data) return <LoadingState label="Loading the client…" />;
  return <ClientDetail client={client.data} q={q} agency={user.data.agency} isAgencyAdmin={user.data.isAgencyAdmin} />;
}

function ClientDetail({
  client,
  q,
  agency,
  isAgencyAdmin,
}: {
  client: ClientDetail;
  q: string;
  agency: { _id: string; name: string };
  isAgencyAdmin: boolean;
}) {
  const alerts = useAlerts();
  const [editing, setEditing] = useState(false);
  const can = (action: (typeof client.actions)[number]) => client.actions.includes(action);
  const subject = { isAgencyAdmin };

  return (
    <div className="space-y-6">
      <Breadcrumbs
        trail={{ agency: { id: agency._id, name: agency.name }, client: { id: client._id, name: client.name } }}
      />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{client.name}</h1>
            <StatusBadge status={client.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {isAgencyAdmin
              ? "You are an agency admin: you can do everything here."
              : `Your access: ${permissionLabel(client.permission ?? 0)}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={`/clients/${client._id}/settings`} className={buttonClasses("secondary")}>
            Settings
          </Link>
          {can("client:edit") ? (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit client
            </Button>
          ) : null}
          {canOnAgency(subject, "client:suspend") && canOnAgency(subject, "client:delete") ? (
            <ClientStatusActions client={client} />
          ) : null}
        </div>
      </div>

      {client.status === "suspended" ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This client is suspended: the staff it is shared with cannot open it until you reactivate it.
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <Card aria-labelledby="client-details-heading" className="lg:col-span-1">
          <CardTitle id="client-details-heading">Details</CardTitle>
          <dl className="mt-4 space-y-3 text-sm">
            <DetailRow label="Website">
              {client.website ? (
                <a
                  href={/^https?:\/\//i.test(client.website) ? client.website : `https://${client.website}`}
                  target="_blank"
                  rel="noreferrer"
                  className="text-brand-700 underline underline-offset-2"
                >
                  {client.website}
                </a>
              ) : (
                <Muted>Not set</Muted>
              )}
            </DetailRow>
            <DetailRow label="Industry">{client.industry ?? <Muted>Not set</Muted>}</DetailRow>
            <DetailRow label="Country">{client.countryName || <Muted>Not set</Muted>}</DetailRow>
            <DetailRow label="Client admins">
              {client.clientAdmins.length ? (
                <ul>
                  {client.clientAdmins.map((admin) => (
                    <li key={admin._id}>
                      {admin.firstName} {admin.lastName} <span className="text-slate-500">({admin.email})</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <Muted>None yet</Muted>
              )}
            </DetailRow>
            <DetailRow label="Added">{formatDate(client.createdAt)}</DetailRow>
          </dl>
          <div className="mt-5 flex flex-wrap gap-2">
            {can("staff:view") ? (
              <Link href={`/clients/${client._id}/staffs`} className={buttonClasses("secondary", "sm")}>
                Client staff
              </Link>
            ) : null}
            {can("client:customize") ? (
              <Link href={`/customization-client?clientId=${client._id}`} className={buttonClasses("secondary", "sm")}>
                Visual customization
              </Link>
            ) : null}
          </div>
        </Card>
        <ClientProjects client={client} q={q} canCreate={can("project:create")} agencyId={agency._id} />
      </div>

      <Dialog open={editing} onClose={() => setEditing(false)} title="Edit client">
        <ClientForm
          client={client}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            alerts.success(`${saved.name} saved`);
          }}
        />
      </Dialog>
    </div>
  );
}

function ClientProjects({
  client,
  q,
  canCreate,
  agencyId,
}: {
  client: ClientDetail;
  q: string;
  canCreate: boolean;
  agencyId: string;
}) {
  const alerts = useAlerts();
  const agency = useAgency(agencyId);
  const [adding, setAdding] = useState(false);
  const [pageState, setPageState] = useState({ q, page: 0 });
  // A new search starts at its first page.
  const page = pageState.q === q ? pageState.page : 0;
  const matching = client.projects.filter((p) => matchesText([p.name, p.url, siteTypeLabel(p.siteType)], q));
  const shown = matching.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const usage = agency.data?.usage;

  return (
    <Card aria-labelledby="client-projects-heading" className="lg:col-span-2">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="client-projects-heading">Performance Reports</CardTitle>
          <CardDescription>The client&apos;s reporting projects.</CardDescription>
        </div>
        {canCreate ? <Button onClick={() => setAdding(true)}>Add project</Button> : null}
      </div>
      {canCreate && usage ? <ProjectLimitNotice usage={usage} className="mt-3" /> : null}
      {client.projects.length > 0 ? (
        <div className="mt-4">
          <SearchForm path={`/clients/${client._id}`} q={q} placeholder="Project name or URL" />
        </div>
      ) : null}
      <div className="mt-2">
        {client.projects.length === 0 ? (
          <EmptyState title="No projects yet" className="mt-2">
            {canCreate
              ? "Add a project for each site you report on: it becomes this client's Performance Report."
              : "Projects added to this client will be listed here."}
          </EmptyState>
        ) : matching.length === 0 ? (
          <EmptyState title={`No project matches “${q}”`} className="mt-2">
            Try another name or URL, or clear the search.
          </EmptyState>
        ) : (
          <>
            {q ? (
              <p className="mt-2 text-sm text-slate-600" role="status">
                {matching.length} of {client.projects.length} projects match “{q}”.
              </p>
            ) : null}
            <ProjectList projects={shown} label={`Projects of ${client.name}`} />
            <Pager
              label="Projects pages"
              page={page}
              total={matching.length}
              pageSize={PAGE_SIZE}
              onPage={(p) => setPageState({ q, page: p })}
            />
          </>
        )}
      </div>

      <Dialog
        open={adding}
        onClose={() => setAdding(false)}
        title="Add project"
        description={`A new Performance Report for ${client.name}.`}
      >
        {usage ? <ProjectLimitNotice usage={usage} className="mb-4" /> : null}
        <ProjectForm
          clientId={client._id}
          onCancel={() => setAdding(false)}
          onSaved={(project) => {
            setAdding(false);
            alerts.success(`${project.name} added`);
          }}
        />
      </Dialog>
    </Card>
  );
}
