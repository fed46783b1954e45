"use client";

import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { StatusBadge } from "@/components/ui/status-badge";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useSearch } from "@/lib/hooks/use-search";
import { siteTypeLabel } from "@/lib/format";

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** The dashboard's `?q=` results: clients, projects and users the user may see, each group best first. */
export function SearchResults({ q }: { q: string }) {
  const search = useSearch(q);

  if (search.isPending) return <LoadingState label="Searching…" />;
  if (search.isError)
    return (
      <ErrorState
        title="The search failed"
        message={toApiError(search.error).message}
        onRetry={() => void search.refetch()}
      />
    );
  const { clients, users } = search.data;
  const projects = search.data.properties;
  const nothing = clients.total + projects.total + users.total === 0;

  return (
    <div className="space-y-4" aria-busy={search.isFetching}>
      <p role="status" className="text-sm text-slate-600">
        {nothing
          ? `Nothing matches “${q}”.`
          : `Results for “${q}”: ${count(clients.total, "client")}, ${count(projects.total, "project")}, ${count(users.total, "user")}.`}
      </p>
      {nothing ? (
        <EmptyState title={`No client, project or user matches “${q}”`}>
          Try part of a name, an email or a web address.
        </EmptyState>
      ) : (
        <div className="grid gap-4 lg:grid-cols-3 lg:items-start">
          <Group title="Clients" shown={clients.docs.length} total={clients.total}>
            {clients.docs.map((client) => (
              <li key={client._id} className="py-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    href={`/clients/${client._id}`}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {client.name}
                  </Link>
                  <StatusBadge status={client.status} />
                </div>
                {client.website ? <p className="truncate text-xs text-slate-500">{client.website}</p> : null}
              </li>
            ))}
          </Group>
          <Group title="Projects" shown={projects.docs.length} total={projects.total}>
            {projects.docs.map((project) => (
              <li key={project._id} className="py-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    href={`/client-projects/${project._id}`}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {project.name}
                  </Link>
                  <StatusBadge status={project.status} />
                </div>
                <p className="truncate text-xs text-slate-500">
                  {project.clientName} · {siteTypeLabel(project.siteType)}
                  {project.url ? ` · ${project.url}` : ""}
                </p>
              </li>
            ))}
          </Group>
          <Group title="Users" shown={users.docs.length} total={users.total}>
            {users.docs.map((user) => (
              <li key={user._id} className="py-2">
                <p className="font-medium text-slate-900">
                  {user.firstName} {user.lastName}
                  <span className="ml-1 text-xs font-normal text-slate-500">
                    {user.isAgencyAdmin ? "Agency admin" : "Staff"}
                  </span>
                </p>
                <p className="truncate text-xs text-slate-500">{user.email}</p>
              </li>
            ))}
          </Group>
        </div>
      )}
    </div>
  );
}

function Group({
  title,
  shown,
  total,
  children,
}: {
  title: string;
  shown: number;
  total: number;
  children: ReactNode;
}) {
  return (
    <Card aria-label={`${title} found`} className="p-4 sm:p-5">
      <CardTitle as="h2" className="text-base">
        {title} <span className="font-normal text-slate-500">({total})</span>
      </CardTitle>
      {total === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No {title.toLowerCase()} match.</p>
      ) : (
        <>
          <ul className="mt-1 divide-y divide-slate-100 text-sm">{children}</ul>
          {total > shown ? (
            <p className="mt-2 text-xs text-slate-500">
              The best {shown} of {total}; add words to narrow the search.
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
