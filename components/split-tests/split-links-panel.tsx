"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useFieldArray } from "react-hook-form";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { splitLinkKeys, splitLinksApi, type SplitLink } from "@/lib/api-client/split-links";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useChartLook } from "@/lib/hooks/use-chart-look";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { createSplitLinkSchema, SPLIT_LINK_KEYS } from "@/lib/validation/split-links";
import { VariantChart } from "./lazy-variant-chart";
import { formatDay } from "@/lib/insights/format-values";

const STATUS_LABEL: Record<SplitLink["status"], string> = {
  running: "Running",
  paused: "Paused: everyone goes to A",
  stopped: "Stopped: everyone goes to A",
};
const pct = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${(v * 100).toFixed(2)}%`);
const shortDate = (d: string) => formatDay(d, true);

/**
 * URL splitters of a project: one public link to put in a campaign, which sends each visitor to a page variant by
 * weight and tags the visit with UTM parameters; its traffic by variant and day; the analysis from the project's
 * analytics data by those UTM values.
 */
export function SplitLinksPanel({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({ queryKey: splitLinkKeys.list(projectId), queryFn: () => splitLinksApi.list(projectId) });
  return (
    <Card aria-labelledby="split-links-heading" className="space-y-4">
      <div>
        <CardTitle as="h2" id="split-links-heading">
          Split links
        </CardTitle>
        <CardDescription>
          One link for your campaign: each visitor is sent to one page variant by its weight and keeps it on later
          visits (a cookie holding only the variant). Visits arrive tagged utm_source=funnelwise, utm_medium=split-test,
          utm_campaign=&lt;link&gt;-&lt;variant&gt;, so the results come from this project&apos;s analytics data.
        </CardDescription>
      </div>
      {list.isError ? (
        <ErrorState message={toApiError(list.error).message} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <LoadingState label="Loading split links…" />
      ) : list.data.docs.length === 0 ? (
        <EmptyState title="No split links yet">
          {canManage ? "Create one below." : "A Data Creator can create one for this project."}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.data.docs.map((link) => (
            <li key={link._id} className="py-2">
              <button
                type="button"
                className="w-full text-left text-sm hover:underline"
                aria-expanded={openId === link._id}
                onClick={() => setOpenId(openId === link._id ? null : link._id)}
              >
                <span className="font-medium text-slate-900">{link.name}</span>{" "}
                <span className="text-slate-600">· {STATUS_LABEL[link.status]}</span>
                <span className="block font-mono text-xs break-all text-slate-600">{link.url}</span>
              </button>
              {openId === link._id ? <LinkDetail id={link._id} projectId={projectId} canManage={canManage} /> : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? <CreateLinkForm projectId={projectId} onCreated={setOpenId} /> : null}
    </Card>
  );
}

function LinkDetail({ id, projectId, canManage }: { id: string; projectId: string; canManage: boolean }) {
  const look = useChartLook(projectId);
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: splitLinkKeys.detail(id), queryFn: () => splitLinksApi.get(id) });
  const change = useMutation({
    mutationFn: (status: SplitLink["status"]) => splitLinksApi.update(id, { status }),
    onSuccess: async (link) => {
      await queryClient.invalidateQueries({ queryKey: splitLinkKeys.list(projectId) });
      await queryClient.invalidateQueries({ queryKey: splitLinkKeys.detail(id) });
      alerts.success(`${link.name}: ${STATUS_LABEL[link.status]}`);
    },
    onError: (e) => alerts.error(toApiError(e).message),
  });
  if (detail.isError)
    return <ErrorState message={toApiError(detail.error).message} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <LoadingState label="Reading the link's traffic…" />;
  const link = detail.data;
  const { traffic, comparisons } = link.analysis;
  const dates = [...new Set(traffic.flatMap((t) => t.byDay.map((d) => d.date)))].sort();
  const perDay = (key: string, date: string) =>
    traffic.find((t) => t.key === key)?.byDay.find((d) => d.date === date)?.assignments ?? 0;
  return (
    <div className="mt-3 space-y-3 rounded-lg border border-slate-200 p-3">
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[480px] text-left text-sm">
          <caption className="sr-only">Each variant: its page, weight, visitors and its analytics result</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Variant
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Weight
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                New visitors
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Visits
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Against A
              </th>
            </tr>
          </thead>
          <tbody>
            {link.variants.map((v) => {
              const t = traffic.find((x) => x.key === v.key);
              const c = comparisons.find((x) => x.key === v.key);
              return (
                <tr key={v.key} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    <span className="font-medium uppercase">{v.key}</span>{" "}
                    <span className="font-mono text-xs break-all">{v.url}</span>
                  </th>
                  <td className="py-1 pr-3">{v.weight}</td>
                  <td className="py-1 pr-3">{t?.assignments.toLocaleString("en") ?? 0}</td>
                  <td className="py-1 pr-3">{t?.visits.toLocaleString("en") ?? 0}</td>
                  <td className="py-1 pr-3">{c ? c.result.headline : "Control"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {comparisons[0] ? (
        <p className="text-sm text-slate-700">
          Conversion rate from analytics: A {pct(rate(comparisons[0].result.totals.a))}, B{" "}
          {pct(rate(comparisons[0].result.totals.b))}
          {comparisons.length > 1
            ? ` (each variant against A at ${(link.analysis.confidence * 100).toFixed(1)}% confidence, corrected for ${comparisons.length} comparisons)`
            : ""}
          .
        </p>
      ) : null}
      {link.variants.length >= 2 && dates.length >= 2 ? (
        <VariantChart
          points={dates.map((date) => ({ date, a: perDay("a", date), b: perDay("b", date) }))}
          look={look}
          label={`New visitors a day sent to A and B by ${link.name}`}
          formatValue={(n) => n.toLocaleString("en")}
          formatDate={shortDate}
        />
      ) : null}
      {canManage && link.status !== "stopped" ? (
        <div className="flex flex-wrap gap-2">
          {link.status === "running" ? (
            <Button size="sm" variant="secondary" loading={change.isPending} onClick={() => change.mutate("paused")}>
              Pause
            </Button>
          ) : (
            <Button size="sm" variant="secondary" loading={change.isPending} onClick={() => change.mutate("running")}>
              Resume
            </Button>
          )}
          <Button
            size="sm"
            variant="danger"
            disabled={change.isPending}
            onClick={() => {
              if (window.confirm(`Stop “${link.name}” for good? Everyone will go to variant A.`))
                change.mutate("stopped");
            }}
          >
            Stop
          </Button>
        </div>
      ) : null}
    </div>
  );
}

const rate = (t: { sessions: number; conversions: number | null }) =>
  t.sessions > 0 && t.conversions !== null ? t.conversions / t.sessions : null;

function CreateLinkForm({ projectId, onCreated }: { projectId: string; onCreated: (id: string) => void }) {
  const alerts = useAlerts();
  const handleApiError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    applyServerErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useServerForm(createSplitLinkSchema, {
    serverFields: ["name", "slug", "variants"],
    defaultValues: {
      projectId,
      name: "",
      variants: [
        { url: "", weight: 50 },
        { url: "", weight: 50 },
      ],
    },
  });
  const variants = useFieldArray({ control, name: "variants" });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const link = await splitLinksApi.create(values);
      await queryClient.invalidateQueries({ queryKey: splitLinkKeys.list(projectId) });
      reset();
      onCreated(link._id);
      alerts.success(`Split link created: ${link.url}`);
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400) {
        applyServerErrors(error);
        if (!error.errors) alerts.error(error.message);
      } else handleApiError(error);
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-3 border-t border-slate-100 pt-4"
      aria-label="New split link"
    >
      <h3 className="text-sm font-semibold text-slate-900">New split link</h3>
      <input type="hidden" {...register("projectId")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Name" required error={errors.name?.message} {...register("name")} />
        <FormField
          label="Link name (optional)"
          hint="Lower-case letters, digits and dashes; made from the name if empty"
          error={errors.slug?.message}
          {...register("slug", { setValueAs: (v) => (v ? v : undefined) })}
        />
      </div>
      {variants.fields.map((field, i) => (
        <div key={field.id} className="grid gap-2 sm:grid-cols-[1fr_8rem_auto] sm:items-start">
          <FormField
            label={`Variant ${SPLIT_LINK_KEYS[i].toUpperCase()}${i === 0 ? " (control)" : ""} page`}
            required
            placeholder="https://www.example.com/pricing"
            error={errors.variants?.[i]?.url?.message}
            {...register(`variants.${i}.url`)}
          />
          <FormField
            label="Weight"
            type="number"
            min={1}
            max={100}
            error={errors.variants?.[i]?.weight?.message}
            {...register(`variants.${i}.weight`)}
          />
          {i >= 2 ? (
            <Button variant="secondary" size="sm" className="sm:mt-6.5" onClick={() => variants.remove(i)}>
              Remove
            </Button>
          ) : null}
        </div>
      ))}
      {errors.variants?.message ? <p className="text-sm text-red-700">{errors.variants.message}</p> : null}
      <div className="flex flex-wrap gap-2">
        {variants.fields.length < SPLIT_LINK_KEYS.length ? (
          <Button variant="secondary" size="sm" onClick={() => variants.append({ url: "", weight: 50 })}>
            Add a variant
          </Button>
        ) : null}
        <Button type="submit" size="sm" loading={isSubmitting}>
          Create split link
        </Button>
      </div>
    </form>
  );
}
