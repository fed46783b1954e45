import { Link } from "@/components/ui/link";
import type { DashboardProject } from "@/lib/api-client/dashboard-types";
import { siteTypeLabel } from "@/lib/format";
import { formatDay } from "@/lib/insights/format-values";
import { StatusBadge } from "@/components/ui/status-badge";
import { KpiTile } from "./kpi-tile";
import { SourceAlerts } from "./source-alerts";

const Day = ({ value }: { value: string }) => <time dateTime={value}>{formatDay(value)}</time>;

function LatestReport({ project }: { project: DashboardProject }) {
  const report = project.latestReport;
  if (!report)
    return (
      <p className="text-sm text-slate-600">
        No report yet.{" "}
        <Link href={`/client-projects/${project._id}`} className="text-brand-700 underline underline-offset-2">
          Generate the first report
        </Link>
      </p>
    );
  const count = report.significantFindings;
  return (
    <p className="text-sm text-slate-700">
      <Link
        href={`/client-projects/${project._id}?report=${report._id}`}
        className="font-medium text-brand-700 underline underline-offset-2"
      >
        {count === 0 ? "No significant findings" : `${count} significant finding${count === 1 ? "" : "s"}`}
      </Link>{" "}
      in the latest report (<Day value={report.periodStart} /> – <Day value={report.periodEnd} />)
    </p>
  );
}

/** One project: its KPIs (last 28 days of data against the 28 before), its latest report, its sources' problems. */
export function ProjectAttention({ project }: { project: DashboardProject }) {
  return (
    <li className="py-4 first:pt-2" aria-label={project.name}>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <h4 className="min-w-0 max-w-full truncate font-medium">
          <Link
            href={`/client-projects/${project._id}`}
            title={project.name}
            className="text-slate-900 underline-offset-2 hover:underline"
          >
            {project.name}
          </Link>
        </h4>
        <span className="text-xs text-slate-600">{siteTypeLabel(project.siteType)}</span>
        {project.status !== "active" ? <StatusBadge status={project.status} /> : null}
      </div>
      <div className="mt-1">
        <LatestReport project={project} />
      </div>
      {project.updating ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          New data arrived: the numbers are being updated and appear here in a moment.
        </p>
      ) : null}
      {project.period && project.kpis.length > 0 ? (
        <>
          <p className="mt-2 text-xs text-slate-600">
            Last 28 days of data, <Day value={project.period.start} /> – <Day value={project.period.end} />, against the
            28 days before
          </p>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {project.kpis.map((kpi) => (
              <KpiTile key={kpi.key} kpi={kpi} currency={project.currency} />
            ))}
          </div>
        </>
      ) : project.dataSources === 0 && !project.updating ? (
        <p className="mt-2 text-sm text-slate-600">
          No data yet.{" "}
          <Link
            href={`/client-projects/${project._id}/data-sources`}
            className="text-brand-700 underline underline-offset-2"
          >
            Add a data source
          </Link>{" "}
          to see its numbers here.
        </p>
      ) : null}
      <SourceAlerts alerts={project.alerts} />
    </li>
  );
}
