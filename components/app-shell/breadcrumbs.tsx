"use client";

import { Link } from "@/components/ui/link";
import { useEffect } from "react";
import { localState, type Breadcrumb } from "@/lib/local-state";

interface Crumb {
  href: string;
  label: string;
  /** Said on hover and to screen readers after the label: the agency the dashboard is of. */
  title?: string;
}

/** The spec's breadcrumb titles (section 2): the first step is the Dashboard, an insight's step its Intention. */
export const BREADCRUMB_TITLES = { root: "Dashboard", insight: "Intention" } as const;

/**
 * Dashboard › client › client project (› Intention: the question answered), for the page being shown. The trail
 * (with the agency), and the client and project visited, are stored locally (spec section 4) so pages that carry
 * no id can offer them.
 */
export function Breadcrumbs({ trail }: { trail: Breadcrumb }) {
  const { agency, client, clientProject, insight } = trail;
  const key = JSON.stringify(trail);

  useEffect(() => {
    const value = JSON.parse(key) as Breadcrumb;
    localState.setBreadcrumb(value);
    if (value.client) {
      // A project of another client is no longer "the current project".
      if (localState.getClient()?.id !== value.client.id) localState.setProject(null);
      localState.setClient(value.client);
    }
    if (value.clientProject) localState.setProject(value.clientProject);
  }, [key]);

  const crumbs: Crumb[] = [{ href: "/dashboard", label: BREADCRUMB_TITLES.root, title: agency?.name }];
  if (client) crumbs.push({ href: `/clients/${client.id}`, label: client.name });
  if (clientProject) crumbs.push({ href: `/client-projects/${clientProject.id}`, label: clientProject.name });
  if (clientProject && insight)
    crumbs.push({
      href: `/client-projects/${clientProject.id}/insights/${insight.id}`,
      label: `${BREADCRUMB_TITLES.insight}: ${insight.name}`,
    });

  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.href} className="flex min-w-0 items-center gap-1">
              {index > 0 ? (
                <span aria-hidden="true" className="text-slate-400">
                  ›
                </span>
              ) : null}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-slate-900">
                  {crumb.label}
                </span>
              ) : (
                <Link
                  href={crumb.href}
                  title={crumb.title}
                  className="truncate text-brand-700 underline-offset-2 hover:underline"
                >
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
