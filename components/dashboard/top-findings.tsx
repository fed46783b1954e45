import { Link } from "@/components/ui/link";
import type { DashboardFinding } from "@/lib/api-client/dashboard-types";
import { stageLabel } from "@/lib/insights/format-values";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";

/** The week's most impactful findings across every client, each linking to its insight. */
export function TopFindings({ findings }: { findings: DashboardFinding[] }) {
  return (
    <Card aria-labelledby="top-findings-heading">
      <CardTitle id="top-findings-heading">This week&apos;s most impactful findings</CardTitle>
      <CardDescription>
        From the latest report of each project finished in the last 7 days, largest impact first.
      </CardDescription>
      {findings.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          No report finished this week found a significant change. Open a project and generate a report to see its
          findings here.
        </p>
      ) : (
        <ol className="mt-4 space-y-3">
          {findings.map((finding) => (
            <li key={finding._id} className="min-w-0 rounded-lg border border-slate-200 p-3">
              <p className="truncate text-xs text-slate-600" title={`${finding.client.name} › ${finding.project.name}`}>
                {finding.client.name} › {finding.project.name} · {stageLabel(finding.funnelStage)}
              </p>
              <Link
                href={`/client-projects/${finding.project._id}/insights/${finding._id}`}
                className="mt-0.5 block font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {finding.title}
              </Link>
              <p className="mt-1 line-clamp-2 text-sm text-slate-700">{finding.summary}</p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
