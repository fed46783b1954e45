import { Link } from "@/components/ui/link";
import type { DashboardClient } from "@/lib/api-client/dashboard-types";
import { StatusBadge } from "@/components/ui/status-badge";
import { ProjectAttention } from "./project-attention";

/** One client's projects, each with what needs attention. */
export function ClientAttention({ client }: { client: DashboardClient }) {
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-label={client.name}>
      <div className="flex min-w-0 items-center gap-2">
        <h3 className="min-w-0 truncate text-base font-semibold">
          <Link
            href={`/clients/${client._id}`}
            title={client.name}
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {client.name}
          </Link>
        </h3>
        {client.status !== "active" ? <StatusBadge status={client.status} /> : null}
      </div>
      {client.projects.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No projects yet.{" "}
          <Link href={`/clients/${client._id}`} className="text-brand-700 underline underline-offset-2">
            Add a project on the client&apos;s page
          </Link>{" "}
          to start reporting.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {client.projects.map((project) => (
            <ProjectAttention key={project._id} project={project} />
          ))}
        </ul>
      )}
    </li>
  );
}
