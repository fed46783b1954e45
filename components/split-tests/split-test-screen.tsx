"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { FormField, SelectField } from "@/components/ui/form-field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { api } from "@/lib/api-client/endpoints";
import { queryKeys } from "@/lib/api-client/query-keys";
import { splitTestKeys, splitTestsApi, type SplitTestWithResult } from "@/lib/api-client/split-tests";
import { addDays, isoDateOfUtc } from "@/lib/dates";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useChartLook } from "@/lib/hooks/use-chart-look";
import { usePickerClients, useProject } from "@/lib/hooks/use-clients";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { SPLIT_TEST_METRIC_LABELS, SPLIT_TEST_METRICS } from "@/lib/validation/split-tests";
import { VariantChart } from "./lazy-variant-chart";
import { SplitLinksPanel } from "./split-links-panel";
import { formatDay } from "@/lib/insights/format-values";

type Metric = (typeof SPLIT_TEST_METRICS)[number];
type Result = SplitTestWithResult["result"];

const isRate = (m: string) => m === "engagementRate" || m === "conversionRate";
function formatValue(metric: string, v: number | null | undefined, currency: string): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "—";
  if (isRate(metric)) return `${(v * 100).toFixed(2)}%`;
  if (metric === "revenuePerSession")
    return new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 2 }).format(v);
  return v.toLocaleString("en", { maximumFractionDigits: 1 });
}
function formatDiff(metric: string, v: number | null | undefined, currency: string): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "—";
  const sign = v > 0 ? "+" : v < 0 ? "−" : "";
  if (isRate(metric)) return `${sign}${Math.abs(v * 100).toFixed(2)} pts`;
  return `${sign}${formatValue(metric, Math.abs(v), currency)}`;
}
const shortDate = (d: string) => formatDay(d, true);

const VERDICT_STYLE: Record<Result["verdict"], { label: string; className: string }> = {
  winner: { label: "Winner", className: "border-green-200 bg-green-50 text-green-900" },
  no_difference: { label: "No difference yet", className: "border-slate-200 bg-slate-50 text-slate-900" },
  not_enough_data: { label: "Not enough data", className: "border-amber-200 bg-amber-50 text-amber-900" },
};

function dailyValue(metric: Metric, d: Result["series"][number]["a"]): number | null {
  if (metric === "sessions") return d.sessions;
  if (d.sessions <= 0) return null;
  const part =
    metric === "engagementRate" ? d.engagedSessions : metric === "conversionRate" ? d.conversions : d.revenue;
  return part === null ? null : part / d.sessions;
}

function ResultView({
  test,
  currency,
  canManage,
  projectId,
}: {
  test: SplitTestWithResult;
  currency: string;
  canManage: boolean;
  projectId: string;
}) {
  const look = useChartLook(projectId);
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const router = useRouter();
  const r = test.result;
  const [chartMetric, setChartMetric] = useState<Metric>(r.primaryMetric);
  const [reportId, setReportId] = useState("");
  const reports = useQuery({
    queryKey: queryKeys.reports(projectId),
    queryFn: () => api.reports.list(projectId, { page: 0, limit: 100 }),
    enabled: canManage,
  });
  const ready = (reports.data?.docs ?? []).filter((d) => d.status === "ready");
  const add = useMutation({
    mutationFn: () => splitTestsApi.addToReport(test._id, reportId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.projectInsightsAll(projectId) });
      alerts.success("The split test was added to the report");
    },
    onError: (e) => alerts.error(toApiError(e).message),
  });
  const remove = useMutation({
    mutationFn: () => splitTestsApi.remove(test._id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: splitTestKeys.list(projectId) });
      alerts.success("Split test deleted");
      router.push(`/splitUrlTest?projectId=${encodeURIComponent(projectId)}`);
    },
    onError: (e) => alerts.error(toApiError(e).message),
  });
  const style = VERDICT_STYLE[r.verdict];
  const points = r.series.map((d) => ({
    date: d.date,
    a: dailyValue(chartMetric, d.a),
    b: dailyValue(chartMetric, d.b),
  }));
  const available = r.metrics.map((m) => m.metric as Metric);
  return (
    <Card aria-labelledby="result-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle as="h2" id="result-heading">
            {test.name}
          </CardTitle>
          <CardDescription>
            A: <span className="font-mono">{test.urlA}</span> · B: <span className="font-mono">{test.urlB}</span> ·{" "}
            {test.periodStart} to {test.periodEnd}
          </CardDescription>
        </div>
        {canManage ? (
          <Button
            size="sm"
            variant="secondary"
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete the split test “${test.name}”?`)) remove.mutate();
            }}
          >
            Delete
          </Button>
        ) : null}
      </div>
      <div
        role="status"
        data-testid="split-verdict"
        data-verdict={r.verdict}
        className={`rounded-md border p-3 ${style.className}`}
      >
        <p className="font-semibold">{style.label}</p>
        <p className="text-sm">{r.headline}</p>
      </div>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[560px] text-left text-sm">
          <caption className="sr-only">Each metric for A and B, the difference with its interval and p-value</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Metric
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                A
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                B
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                B − A ({Math.round(test.confidence * 100)}% interval)
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                p-value
              </th>
              <th scope="col" className="py-1 font-medium">
                Still needed per page
              </th>
            </tr>
          </thead>
          <tbody>
            {r.metrics.map((m) => (
              <tr key={m.metric} className="border-t border-slate-100">
                <th scope="row" className="py-1.5 pr-3 font-medium text-slate-900">
                  {SPLIT_TEST_METRIC_LABELS[m.metric as Metric]}
                  {m.metric === "sessions" ? " per day" : ""}
                  {m.metric === r.primaryMetric ? <span className="ml-1 text-xs text-slate-500">(primary)</span> : null}
                </th>
                <td className="py-1.5 pr-3">{formatValue(m.metric, m.a, currency)}</td>
                <td className="py-1.5 pr-3">{formatValue(m.metric, m.b, currency)}</td>
                <td className="py-1.5 pr-3">
                  {formatDiff(m.metric, m.difference, currency)}{" "}
                  <span className="text-slate-500">
                    ({formatDiff(m.metric, m.interval.low, currency)} to{" "}
                    {formatDiff(m.metric, m.interval.high, currency)})
                  </span>
                </td>
                <td className={`py-1.5 pr-3 ${m.significant ? "font-semibold text-green-800" : ""}`}>
                  {m.pValue === null ? "—" : m.pValue < 0.001 ? "< 0.001" : m.pValue.toFixed(3)}
                </td>
                <td className="py-1.5">
                  {m.remainingPerVariant === null
                    ? "—"
                    : m.remainingPerVariant === 0
                      ? "Reached"
                      : `${m.remainingPerVariant.toLocaleString("en")} ${m.unit}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="space-y-2">
        <SelectField
          label="Chart"
          className="max-w-xs"
          value={chartMetric}
          onChange={(e) => setChartMetric(e.target.value as Metric)}
        >
          {available.map((m) => (
            <option key={m} value={m}>
              {SPLIT_TEST_METRIC_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <VariantChart
          points={points}
          look={look}
          label={`${SPLIT_TEST_METRIC_LABELS[chartMetric]} by day for A (${test.urlA}) and B (${test.urlB})`}
          formatValue={(v) => formatValue(chartMetric, v, currency)}
          formatDate={shortDate}
        />
      </div>
      {canManage ? (
        <form
          className="flex flex-wrap items-end gap-2 border-t border-slate-100 pt-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (reportId) add.mutate();
          }}
        >
          {reports.isError ? (
            <p className="text-sm text-red-700">{toApiError(reports.error).message}</p>
          ) : reports.isPending ? (
            <LoadingState label="Loading reports…" className="py-2" />
          ) : ready.length === 0 ? (
            <p className="text-sm text-slate-600">Generate a report for this project to add the result to it.</p>
          ) : (
            <>
              <SelectField
                label="Add to report"
                value={reportId}
                onChange={(e) => setReportId(e.target.value)}
                className="min-w-56"
              >
                <option value="">Choose a report…</option>
                {ready.map((rep) => (
                  <option key={rep._id} value={rep._id}>
                    {rep.name ?? `${rep.periodStart} to ${rep.periodEnd}`}
                  </option>
                ))}
              </SelectField>
              <Button type="submit" disabled={!reportId} loading={add.isPending}>
                Add as insight
              </Button>
            </>
          )}
        </form>
      ) : null}
    </Card>
  );
}

function CreateForm({ projectId, onCreated }: { projectId: string; onCreated: (id: string) => void }) {
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const [today] = useState(() => isoDateOfUtc(Date.now()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: splitTestsApi.create,
    onSuccess: async (test) => {
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: splitTestKeys.list(projectId) });
      alerts.success("Split test created");
      onCreated(test._id);
    },
    onError: (e) => {
      const err = toApiError(e);
      setErrors(err.errors ?? {});
      alerts.error(err.message);
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "");
    create.mutate({
      projectId,
      name: text("name"),
      urlA: text("urlA"),
      urlB: text("urlB"),
      periodStart: text("periodStart"),
      periodEnd: text("periodEnd"),
      primaryMetric: text("primaryMetric") as Metric,
      minimumDetectableEffect: Number(text("mde")) / 100,
      confidence: Number(text("confidence")) as 0.95,
    });
  };
  return (
    <Card aria-labelledby="new-split-heading">
      <CardTitle as="h2" id="new-split-heading">
        New split test
      </CardTitle>
      <CardDescription>
        Two landing pages (or two variants of one URL) compared on sessions, engagement rate, conversion rate and
        revenue per session, from the project&apos;s data.
      </CardDescription>
      <form className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
        <FormField label="Name" name="name" required error={errors.name} className="sm:col-span-2" />
        <FormField label="Page A (control)" name="urlA" required placeholder="/pricing" error={errors.urlA} />
        <FormField
          label="Page B (challenger)"
          name="urlB"
          required
          placeholder="/pricing?variant=b"
          error={errors.urlB}
        />
        <FormField
          label="Start date"
          name="periodStart"
          type="date"
          required
          defaultValue={addDays(today, -28)}
          error={errors.periodStart}
        />
        <FormField
          label="End date"
          name="periodEnd"
          type="date"
          required
          defaultValue={addDays(today, -1)}
          error={errors.periodEnd}
        />
        <SelectField
          label="Primary metric"
          name="primaryMetric"
          defaultValue="conversionRate"
          error={errors.primaryMetric}
        >
          {SPLIT_TEST_METRICS.map((m) => (
            <option key={m} value={m}>
              {SPLIT_TEST_METRIC_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <FormField
          label="Minimum detectable effect (%)"
          name="mde"
          type="number"
          min={1}
          max={100}
          step={1}
          defaultValue={10}
          hint="The smallest relative change worth detecting"
          error={errors.minimumDetectableEffect}
        />
        <SelectField label="Confidence" name="confidence" defaultValue="0.95" error={errors.confidence}>
          <option value="0.8">80%</option>
          <option value="0.9">90%</option>
          <option value="0.95">95%</option>
          <option value="0.99">99%</option>
        </SelectField>
        <div className="flex items-end sm:col-span-2">
          <Button type="submit" loading={create.isPending}>
            Run split test
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ProjectTests({ projectId, testId }: { projectId: string; testId?: string }) {
  const router = useRouter();
  const project = useProject(projectId);
  const list = useQuery({ queryKey: splitTestKeys.list(projectId), queryFn: () => splitTestsApi.list(projectId) });
  const detail = useQuery({
    queryKey: splitTestKeys.detail(testId ?? ""),
    queryFn: () => splitTestsApi.get(testId ?? ""),
    enabled: Boolean(testId),
    meta: { globalErrors: false },
  });
  const open = (id: string) =>
    router.push(`/splitUrlTest?projectId=${encodeURIComponent(projectId)}&testId=${encodeURIComponent(id)}`);
  if (project.isError)
    return <ErrorState message={toApiError(project.error).message} onRetry={() => void project.refetch()} />;
  if (!project.data) return <LoadingState />;
  const canManage = project.data.client.actions.includes("report:manage");
  const currency = project.data.currency ?? "USD";
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <Card aria-labelledby="tests-heading">
            <CardTitle as="h2" id="tests-heading">
              Split tests of {project.data.name}
            </CardTitle>
            {list.isError ? (
              <ErrorState
                message={toApiError(list.error).message}
                onRetry={() => void list.refetch()}
                className="mt-3"
              />
            ) : !list.data ? (
              <LoadingState label="Loading split tests…" />
            ) : list.data.docs.length === 0 ? (
              <EmptyState title="No split tests yet" className="mt-3">
                {canManage ? "Create one with the form below." : "A Data Creator can create one for this project."}
              </EmptyState>
            ) : (
              <ul className="mt-3 space-y-1">
                {list.data.docs.map((t) => (
                  <li key={t._id}>
                    <Link
                      href={`/splitUrlTest?projectId=${encodeURIComponent(projectId)}&testId=${encodeURIComponent(t._id)}`}
                      aria-current={t._id === testId ? "page" : undefined}
                      className={`block rounded px-2 py-1 text-sm hover:bg-slate-50 ${t._id === testId ? "bg-slate-100 font-medium" : ""}`}
                    >
                      {t.name}
                      <span className="block text-xs text-slate-500">
                        {t.urlA} vs {t.urlB}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {canManage ? <CreateForm projectId={projectId} onCreated={open} /> : null}
        </div>
        <div>
          {!testId ? (
            <EmptyState title="Choose a split test">Its result, with the chart of both pages, shows here.</EmptyState>
          ) : detail.isError ? (
            <ErrorState message={toApiError(detail.error).message} onRetry={() => void detail.refetch()} />
          ) : !detail.data ? (
            <LoadingState label="Computing the result…" />
          ) : (
            <ResultView test={detail.data} currency={currency} canManage={canManage} projectId={projectId} />
          )}
        </div>
      </div>
      <SplitLinksPanel projectId={projectId} canManage={canManage} />
    </div>
  );
}

function ProjectPicker({ agencyId, projectId }: { agencyId: string; projectId?: string }) {
  const router = useRouter();
  const clients = usePickerClients(agencyId);
  if (clients.isError)
    return <ErrorState message={toApiError(clients.error).message} onRetry={() => void clients.refetch()} />;
  if (!clients.data) return <LoadingState label="Loading projects…" />;
  const withProjects = clients.data.docs.filter((c) => c.projects.length > 0);
  if (withProjects.length === 0)
    return (
      <EmptyState title="No projects yet">
        Add a project to a client from the{" "}
        <Link href="/dashboard" className="text-brand-700 underline">
          dashboard
        </Link>{" "}
        first.
      </EmptyState>
    );
  return (
    <SelectField
      label="Project"
      className="max-w-md"
      value={projectId ?? ""}
      onChange={(e) => {
        if (e.target.value) router.push(`/splitUrlTest?projectId=${encodeURIComponent(e.target.value)}`);
      }}
    >
      <option value="" disabled>
        Choose a project…
      </option>
      {withProjects.map((c) => (
        <optgroup key={c._id} label={c.name}>
          {c.projects.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}

/** /splitUrlTest: pick a project, list its split tests, create one, read its result and add it to a report. */
export function SplitTestScreen({ projectId, testId }: { projectId?: string; testId?: string }) {
  const user = useCurrentUser();
  if (user.isError) return <ErrorState message={toApiError(user.error).message} onRetry={() => void user.refetch()} />;
  if (!user.data) return <LoadingState />;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">URL split test</h1>
      <ProjectPicker agencyId={user.data.agency._id} projectId={projectId} />
      {projectId ? <ProjectTests key={projectId} projectId={projectId} testId={testId} /> : null}
    </div>
  );
}
