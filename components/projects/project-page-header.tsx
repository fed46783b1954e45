"use client";

import type { ReactNode } from "react";
import { Breadcrumbs } from "@/components/app-shell/breadcrumbs";
import type { ProjectDetail } from "@/lib/api-client/types";

/**
 * The top of every page of one project (the report, data sources, a data source, an insight, a tag,
 * saved insights): agency › client › project (› insight) trail, a line saying where in the project
 * the page sits, the title with its status, one line of context and the page's actions.
 */
export function ProjectPageHeader({
  project,
  agency,
  insight,
  eyebrow,
  title,
  badge,
  description,
  actions,
}: {
  project: Pick<ProjectDetail, "_id" | "name" | "client">;
  agency: { _id: string; name: string };
  /** The insight shown, as the trail's last step. */
  insight?: { id: string; name: string };
  eyebrow: ReactNode;
  title: ReactNode;
  badge?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <Breadcrumbs
        trail={{
          agency: { id: agency._id, name: agency.name },
          client: { id: project.client._id, name: project.client.name },
          clientProject: { id: project._id, name: project.name },
          ...(insight ? { insight } : {}),
        }}
      />
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">{eyebrow}</p>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{title}</h1>
            {badge}
          </div>
          {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
    </>
  );
}
