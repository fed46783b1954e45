import { Link } from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/status-badge";
import type { Project } from "@/lib/api-client/types";
import { formatDate, siteTypeLabel } from "@/lib/format";

/** A client's projects ("Performance Report"s): status, site type, URL and last report date. */
export function ProjectList({ projects, label }: { projects: Project[]; label: string }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label={label}>
      {projects.map((project) => (
        <li
          key={project._id}
          className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
        >
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <Link
                href={`/client-projects/${project._id}`}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {project.name}
              </Link>
              <StatusBadge status={project.status} />
            </div>
            <p className="text-xs text-slate-500">
              {project.label} · {siteTypeLabel(project.siteType)}
              {project.url ? ` · ${project.url}` : ""}
            </p>
          </div>
          <p className="shrink-0 text-xs text-slate-600">
            {project.lastReportAt ? `Last report ${formatDate(project.lastReportAt)}` : "No report yet"}
          </p>
        </li>
      ))}
    </ul>
  );
}
