"use client";

import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { PARTNER_SOURCE_CHOICES } from "@/lib/constants/partner-sources";
import { PREMIUM_SOURCES, isPremiumIntegration, type PremiumIntegration } from "@/lib/constants/premium-sources";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import type { SyncRun } from "@/lib/api-client/google";
import type { DataSource } from "@/lib/api-client/types";
import { adsReportImportSummary, adsReportLabel } from "@/lib/constants/google-ads-reports";
import { formatDate } from "@/lib/format";
import { formatInstant } from "@/lib/dates";
import { formatMetric } from "@/lib/insights/format-values";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useSyncNow, useSyncStatus } from "@/lib/hooks/use-google";
import { ReconnectButton } from "./reconnect-button";
import { SyncProgress } from "./sync-progress";

function duration(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

const RESULT: Record<SyncRun["status"], string> = { running: "Running", succeeded: "Finished", failed: "Failed" };

/**
 * What a connected Google (or CRM, store, keyword-rankings or competitor) source imports, where its imports stand,
 * and each run's rows, duration and error.
 */
export function SyncPanel({
  source,
  projectId,
  canManage,
}: {
  source: DataSource;
  projectId: string;
  canManage: boolean;
}) {
  const status = useSyncStatus(source._id);
  const syncNow = useSyncNow(source._id);
  const a = source.additional as Record<string, unknown>;
  const selection = [
    a.analyticProperty && `Property ${String(a.analyticProperty)}`,
    a.analyticProfile && `view ${String(a.analyticProfile)}`,
    a.analyticSite && `Site ${String(a.analyticSite)}`,
    a.adsAccount && `Ads account ${String(a.adsAccount)}`,
    a.adsReport && adsReportLabel(String(a.adsReport)),
    a.adsCampaign && (a.adsCampaign === "all" ? "all campaigns" : `campaign ${String(a.adsCampaign)}`),
    // The premium sources: the HubSpot portal, the Shopify store.
    a.portalId && `HubSpot portal ${String(a.portalId)}`,
    a.shop && `Store ${String(a.shop)}`,
    a.adAccountId &&
      `Ad account ${String(a.adAccountName ?? "")} (${String(a.adAccountId)}, ${String(a.currency ?? "")})`,
    // The partner sources: the tracked domain and campaign, the competitors.
    a.domain && `Domain ${String(a.domain)}`,
    a.campaignId && `Position Tracking campaign ${String(a.campaignId)}`,
    Array.isArray(a.competitors) && a.competitors.length > 0 && `Competitors ${a.competitors.join(", ")}`,
  ].filter(Boolean);
  const provider = isPremiumIntegration(String(a.integration ?? ""))
    ? PREMIUM_SOURCES[a.integration as PremiumIntegration].provider
    : source.kind in PARTNER_SOURCE_CHOICES
      ? PARTNER_SOURCE_CHOICES[source.kind as keyof typeof PARTNER_SOURCE_CHOICES].provider
      : "Google";

  return (
    <Card aria-labelledby="imports-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="imports-heading">Imports from {provider}</CardTitle>
          {selection.length ? <p className="mt-1 text-sm text-slate-600">{selection.join(" · ")}</p> : null}
          {a.adsReport ? <p className="mt-1 text-sm text-slate-600">{adsReportImportSummary(a.adsReport)}</p> : null}
        </div>
        {canManage && status.data?.syncable && !status.data.state?.tokenUpdateFailed ? (
          <Button
            size="sm"
            variant="secondary"
            loading={syncNow.isPending}
            disabled={status.data.running}
            onClick={() => syncNow.mutate()}
          >
            Import now
          </Button>
        ) : null}
      </div>
      {syncNow.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {toApiError(syncNow.error).message}
        </p>
      ) : null}
      <div className="mt-4 space-y-4">
        {status.isPending ? (
          <LoadingState label="Loading the imports…" />
        ) : status.isError ? (
          <ErrorState message={toApiError(status.error).message} onRetry={() => void status.refetch()} />
        ) : (
          <>
            {status.data.state?.tokenUpdateFailed ? (
              <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                <p>{status.data.state.lastError}</p>
                {canManage ? (
                  <div className="mt-2">
                    <ReconnectButton
                      dataSourceId={source._id}
                      projectId={projectId}
                      label={`Reconnect ${source.name}`}
                    />
                  </div>
                ) : null}
              </div>
            ) : null}
            <SyncProgress dataSourceId={source._id} />
            {status.data.state?.importedThrough ? (
              <p className="text-sm text-slate-700">
                Data from {formatDate(status.data.state.initialStartDate ?? status.data.state.importedThrough)} through{" "}
                {formatDate(status.data.state.importedThrough)}
                {status.data.state.lastSuccessAt ? `; last import ${formatDate(status.data.state.lastSuccessAt)}` : ""}.
                Refreshed every day (the last 3 days are read again for late data).
              </p>
            ) : null}
            {status.data.totals?.length && status.data.state?.importedThrough ? (
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {status.data.totals.map((t) => (
                  <div key={t.metric} className="rounded-lg border border-slate-200 px-3 py-2">
                    <dt className="text-xs text-slate-600">{t.label}</dt>
                    <dd className="text-base font-semibold text-slate-900 tabular-nums">
                      {formatMetric(t.metric, t.value, status.data.currency, { unit: t.unit })}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <RunsTable runs={status.data.runs} />
          </>
        )}
      </div>
    </Card>
  );
}

function RunsTable({ runs }: { runs: SyncRun[] }) {
  if (runs.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No import has run yet. The first one starts on its own after connecting; Import now starts one at once.
      </p>
    );
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Import runs, newest first</caption>
        <thead className="text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Started
            </th>
            <th scope="col" className="py-2 pr-3">
              Import
            </th>
            <th scope="col" className="py-2 pr-3">
              Days
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Rows
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Duration
            </th>
            <th scope="col" className="py-2">
              Result
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {runs.map((r) => (
            <tr key={r._id}>
              <td className="py-2 pr-3 whitespace-nowrap">{formatInstant(r.startedAt)}</td>
              <td className="py-2 pr-3">{r.mode === "initial" ? "First import" : "Daily refresh"}</td>
              <td className="py-2 pr-3 whitespace-nowrap">
                {r.startDate && r.endDate ? `${formatDate(r.startDate)} – ${formatDate(r.endDate)}` : "—"}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{r.rows.toLocaleString("en")}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{duration(r.durationMs)}</td>
              <td className="py-2">
                <span className={r.status === "failed" ? "text-red-700" : undefined}>{RESULT[r.status]}</span>
                {r.error ? <span className="block text-xs text-red-700">{r.error}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
