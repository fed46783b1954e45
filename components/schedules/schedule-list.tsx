"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { schedulesApi, type ScheduleItem } from "@/lib/api-client/deliveries";
import { queryKeys } from "@/lib/api-client/query-keys";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { ATTACHMENT_LABELS, DELIVERY_STATUS_LABELS } from "@/lib/validation/deliveries";
import { dayIn } from "@/lib/dates";
import { DataWarnings } from "./data-warnings";
import { describeTiming, formatInZone } from "./format-run";

function LastRun({ s }: { s: ScheduleItem }) {
  if (!s.lastRun) return <span className="text-slate-500">Not run yet</span>;
  // Failed, or not sent for lack of data: both say why.
  const failed = s.lastRun.status === "failed" || s.lastRun.status === "not_sent";
  return (
    <span className={failed ? "text-red-700" : "text-slate-700"} data-last-run={s.lastRun.status}>
      {DELIVERY_STATUS_LABELS[s.lastRun.status]} · {formatInZone(s.lastRun.dueAt, s.timeZone)}
      {failed && s.lastRun.error ? <span className="block text-xs">{s.lastRun.error}</span> : null}
    </span>
  );
}

function ScheduleRow({ s }: { s: ScheduleItem }) {
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.schedulesAll });
  const pause = useMutation({
    mutationFn: () => schedulesApi.update(s._id, { isActive: !s.isActive }),
    onSuccess: async (saved) => {
      await refresh();
      alerts.success(saved.isActive ? "Schedule resumed" : "Schedule paused");
    },
    onError: (e) => alerts.error(toApiError(e).message),
  });
  const remove = useMutation({
    mutationFn: () => schedulesApi.remove(s._id),
    onSuccess: async () => {
      await refresh();
      alerts.success("Schedule deleted");
    },
    onError: (e) => alerts.error(toApiError(e).message),
  });
  const name = `${s.clientName} · ${s.projectName}${s.insightTitle ? ` · ${s.insightTitle}` : ""}`;
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" aria-label={name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">{name}</p>
          <p className="text-sm text-slate-600">
            {describeTiming(s)} ·{" "}
            {s.delivery === "dropbox" ? `Dropbox folder ${s.folder || "/"}` : `email to ${s.recipients.join(", ")}`} ·{" "}
            {ATTACHMENT_LABELS[s.format]}
          </p>
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${s.active ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}
        >
          {s.active ? "Active" : (s.inactiveReason ?? "Inactive")}
        </span>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-500">Next run: </dt>
          <dd className="inline" data-testid="schedule-next-run">
            {s.active ? formatInZone(s.nextRunAt, s.timeZone) : "—"}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-500">Last run: </dt>
          <dd className="inline">
            <LastRun s={s} />
          </dd>
        </div>
      </dl>
      <DataWarnings
        data={s.nextRunData}
        projectId={s.projectId}
        runDay={s.nextRunAt ? dayIn(new Date(s.nextRunAt), s.timeZone) : null}
      />
      <div className="flex flex-wrap gap-2">
        <Link
          href={`/schedules/${s._id}/${s.delivery === "dropbox" ? "dropbox" : "email"}`}
          className={buttonClasses("secondary", "sm")}
        >
          Edit
        </Link>
        <Button size="sm" variant="secondary" loading={pause.isPending} onClick={() => pause.mutate()}>
          {s.isActive ? "Pause" : "Resume"}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={remove.isPending}
          onClick={() => {
            if (window.confirm(`Delete the schedule for ${name}?`)) remove.mutate();
          }}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** /schedule: the user's report schedules, with the next run in each project's time zone. */
export function ScheduleList() {
  const user = useCurrentUser();
  const userId = user.data?._id ?? "";
  const list = useQuery({
    queryKey: queryKeys.userSchedules(userId),
    queryFn: () => schedulesApi.ofUser(userId),
    enabled: Boolean(userId),
    // Runs happen in the background: keep the last-run column current while the page is open.
    refetchInterval: 15_000,
  });
  if (list.isError) return <ErrorState message={toApiError(list.error).message} onRetry={() => void list.refetch()} />;
  if (!list.data) return <LoadingState />;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Active report schedules</h1>
      {list.data.docs.length === 0 ? (
        <EmptyState title="No schedules yet">
          Open a report and choose “Schedule email” or “Schedule Dropbox” to add one.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {list.data.docs.map((s) => (
            <ScheduleRow key={s._id} s={s} />
          ))}
        </ul>
      )}
    </div>
  );
}
