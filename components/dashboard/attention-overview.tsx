"use client";

import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { DASHBOARD_CLIENT_LIMIT, type Dashboard } from "@/lib/api-client/dashboard-types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useDashboard } from "@/lib/hooks/use-dashboard";
import { ClientAttention } from "./client-attention";
import { TopFindings } from "./top-findings";

function Summary({ data }: { data: Dashboard }) {
  const projects = data.clients.flatMap((c) => c.projects);
  const alerts = projects.reduce((n, p) => n + p.alerts.length, 0);
  const findings = projects.reduce((n, p) => n + (p.latestReport?.significantFindings ?? 0), 0);
  const items = [
    { label: "Clients", value: data.totalClients },
    { label: "Projects", value: projects.length },
    { label: "Significant findings in latest reports", value: findings },
    { label: "Data sources needing attention", value: alerts, warn: alerts > 0 },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-xs font-medium text-slate-600">{item.label}</dt>
          <dd className={item.warn ? "text-2xl font-semibold text-amber-800" : "text-2xl font-semibold text-slate-900"}>
            {item.value.toLocaleString("en")}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "What needs my attention today": per client its projects' KPIs, latest findings and source
 * problems, and the week's top findings.
 */
export function AttentionOverview() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <LoadingState label="Loading what needs your attention…" />;
  if (dashboard.isError)
    return (
      <ErrorState
        title="We could not load your overview"
        message={toApiError(dashboard.error).message}
        onRetry={() => void dashboard.refetch()}
      />
    );
  const data = dashboard.data;
  if (data.clients.length === 0) return null; // The clients card below says what to do first.
  return (
    <section aria-labelledby="attention-heading" className="space-y-4">
      <div>
        <h2 id="attention-heading" className="text-lg font-semibold text-slate-900">
          Needs your attention
        </h2>
        <p className="text-sm text-slate-600">
          Each project&apos;s headline numbers, its latest report and any data source that stopped reporting.
        </p>
      </div>
      <Summary data={data} />
      {/* One column of minmax(0, 1fr) below xl: a long line (a truncated finding) cannot widen the page on a phone. */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[1fr_22rem] xl:items-start">
        <div className="min-w-0 space-y-4">
          <ul className="space-y-4" aria-label="Clients overview">
            {data.clients.map((client) => (
              <ClientAttention key={client._id} client={client} />
            ))}
          </ul>
          {data.totalClients > data.clients.length ? (
            <Card>
              <CardTitle as="h3">More clients</CardTitle>
              <CardDescription>
                The overview shows the first {DASHBOARD_CLIENT_LIMIT} of your {data.totalClients} clients by name. Find
                the others with the search above or in the clients list.
              </CardDescription>
            </Card>
          ) : null}
        </div>
        <TopFindings findings={data.topFindings} />
      </div>
    </section>
  );
}
