"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useAlerts } from "@/components/alerts/alerts-context";
import { EmailContentFields, type EmailContentValues } from "@/components/deliveries/email-content-fields";
import { ConnectDropboxLink } from "@/components/file-storage/connect-dropbox-link";
import { canWriteInto, DropboxFolderPicker } from "@/components/file-storage/dropbox-folder-picker";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField, SelectField } from "@/components/ui/form-field";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { projectDetail } from "@/lib/api-client/customization";
import { schedulesApi, type ScheduleItem } from "@/lib/api-client/deliveries";
import { queryKeys } from "@/lib/api-client/query-keys";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useDropboxConnection } from "@/lib/hooks/use-file-storage";
import { useReportRecipients } from "@/lib/hooks/use-report-recipients";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { DEFAULT_SHARE_LINK_DAYS } from "@/lib/constants/share-link-messages";
import { nextRun, SCHEDULE_FREQUENCIES, SCHEDULE_MONTH_DAYS, SCHEDULE_WEEKDAYS } from "@/lib/schedules/next-run";
import {
  FREQUENCY_LABELS,
  MONTH_DAY_LABELS,
  MONTH_LABELS,
  dropboxScheduleSchema,
  scheduleSchema,
  type ScheduleInput,
  type ScheduleValues,
} from "@/lib/validation/schedules";
import { DeliveryStatus } from "@/components/deliveries/delivery-status";
import {
  DEFAULT_REPORT_CONTENTS,
  REPORT_CONTENTS,
  REPORT_CONTENTS_LABELS,
  type ReportContents,
} from "@/lib/insights/report-document";
import { DataWarnings } from "./data-warnings";
import { formatInZone } from "./format-run";

export type ScheduleDelivery = "email" | "dropbox";

interface FormValues extends EmailContentValues {
  delivery: ScheduleDelivery;
  frequency: (typeof SCHEDULE_FREQUENCIES)[number];
  weekday: string;
  monthDay: string;
  month: string;
  timeOfDay: string;
  /** Dropbox schedules: the folder chosen with the picker. */
  folder: string;
  contents: ReportContents;
}

function defaults(existing: ScheduleItem | undefined, recipients: string[], delivery: ScheduleDelivery): FormValues {
  return {
    delivery,
    frequency: existing?.frequency ?? "weekly",
    weekday: existing?.weekday !== null && existing?.weekday !== undefined ? String(existing.weekday) : "1",
    monthDay: existing?.monthDay ?? "second",
    month: existing?.month ? String(existing.month) : "1",
    timeOfDay: existing?.timeOfDay ?? "09:00",
    recipients: (existing?.recipients ?? recipients).join(", "),
    subject: existing?.subject ?? "",
    message: existing?.message ?? "",
    format: existing?.format ?? "pptx",
    linkExpiresInDays: String(existing?.linkExpiresInDays ?? DEFAULT_SHARE_LINK_DAYS),
    folder: existing?.folder ?? "",
    contents: existing?.contents ?? DEFAULT_REPORT_CONTENTS,
    ...(delivery === "dropbox" ? { recipients: "", subject: "", message: "" } : {}),
  };
}

const DROPBOX_FORMATS = [
  { key: "pptx", label: "PowerPoint (.pptx)" },
  { key: "xlsx", label: "Excel (.xlsx)" },
] as const;

/**
 * Where a Dropbox schedule saves: the connected account, the folder picked one level at a time,
 * and the file's format. Without a connection, the way to connect (back to this page afterwards).
 */
function DropboxDestination({
  folder,
  onFolder,
  register,
  errors,
  onUsable,
}: {
  folder: string;
  onFolder: (path: string) => void;
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
  onUsable: (usable: boolean) => void;
}) {
  const connection = useDropboxConnection();
  const connected = connection.data?.connected === true;
  const isTeam = connection.data?.accountType === "business";
  const usable = connected && canWriteInto(folder, isTeam);
  useEffect(() => onUsable(usable), [usable, onUsable]);
  if (connection.isPending) return <LoadingState />;
  if (connection.error) return <ErrorState message={toApiError(connection.error).message} />;
  if (!connected)
    return (
      <div className="space-y-3 rounded-md border border-slate-200 p-4 text-sm text-slate-700">
        <p>Connect your Dropbox account to choose the folder each run saves into. You come back here afterwards.</p>
        <ConnectDropboxLink />
      </div>
    );
  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-700">
        Connected as <strong>{connection.data?.email}</strong> ({connection.data?.accountType} account)
      </p>
      <fieldset>
        <legend className="font-medium text-slate-900">Format</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {DROPBOX_FORMATS.map((f) => (
            <label key={f.key} className="flex items-center gap-2">
              <input type="radio" value={f.key} {...register("format")} />
              {f.label}
            </label>
          ))}
        </div>
        {errors.format?.message ? <FormError message={errors.format.message} /> : null}
      </fieldset>
      <DropboxFolderPicker path={folder} onPathChange={onFolder} isTeam={isTeam} label="Each run saves into" />
      {errors.folder?.message ? <FormError message={errors.folder.message} /> : null}
    </div>
  );
}

/** The next run as the form stands, in the project's time zone (the same computation as the worker's). */
function NextRunPreview({ values, timeZone }: { values: FormValues; timeZone: string }) {
  let text = "—";
  try {
    const at = nextRun(
      {
        frequency: values.frequency,
        weekday: Number(values.weekday),
        monthDay: values.monthDay as (typeof SCHEDULE_MONTH_DAYS)[number],
        month: Number(values.month),
        time: values.timeOfDay,
      },
      timeZone,
      new Date(),
    );
    text = formatInZone(at.toISOString(), timeZone);
  } catch {
    text = "— (complete the timing)";
  }
  return (
    <p className="text-sm text-slate-700" data-testid="next-run">
      Next run: <strong>{text}</strong>
    </p>
  );
}

const timingOf = (v: FormValues): Record<string, string> => ({
  frequency: v.frequency,
  weekday: v.frequency === "weekly" ? v.weekday : "",
  monthDay: v.frequency === "weekly" ? "" : v.monthDay,
  month: v.frequency === "annually" ? v.month : "",
  timeOfDay: v.timeOfDay,
});

/** Whether the next run, timed as the form stands, will find its period's data in the project's sources. */
function NextRunData({ projectId, values }: { projectId: string; values: FormValues }) {
  const timing = timingOf(values);
  const outlook = useQuery({
    queryKey: queryKeys.scheduleOutlook(projectId, timing),
    queryFn: () => schedulesApi.outlook(projectId, timing),
    enabled: /^\d{2}:\d{2}$/.test(values.timeOfDay),
    staleTime: 30_000,
  });
  if (!outlook.data) return null;
  return <DataWarnings data={outlook.data} projectId={projectId} runDay={outlook.data.runDay} />;
}

/**
 * "Send a test now": the email the schedule would send if it ran now (for the period that last closed), to the
 * person editing it, as its recipients get it; followed to Delivered, or told why it was not sent.
 */
function SendTest({
  projectId,
  send,
}: {
  projectId: string;
  send: (run: (body: ScheduleInput) => Promise<void>) => Promise<void>;
}) {
  const [sent, setSent] = useState<{ id: string; to: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (body: ScheduleInput) => {
    setError(null);
    setSent(null);
    try {
      const test = await schedulesApi.test(projectId, body);
      setSent({ id: test._id, to: test.to });
    } catch (raw) {
      setError(toApiError(raw).message);
    }
  };
  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void send(run).finally(() => setBusy(false));
          }}
        >
          Send a test now
        </Button>
        <span className="text-slate-600">
          Emails you what this schedule would send now, for the period that last closed, as its recipients get it.
        </span>
      </div>
      {error ? <FormError message={error} /> : null}
      {sent ? (
        <div className="space-y-1">
          <p className="text-slate-700">Test email to {sent.to}:</p>
          <DeliveryStatus id={sent.id} />
        </div>
      ) : null}
    </div>
  );
}

function ScheduleFormBody({
  projectId,
  insightId,
  existing,
  timeZone,
  recipients,
  delivery,
}: {
  projectId: string;
  insightId: string | null;
  existing?: ScheduleItem;
  timeZone: string;
  recipients: string[];
  delivery: ScheduleDelivery;
}) {
  const router = useRouter();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [usable, setUsable] = useState(delivery === "email");
  const form = useServerForm(
    (delivery === "dropbox" ? dropboxScheduleSchema : scheduleSchema) as typeof scheduleSchema,
    {
      defaultValues: defaults(existing, recipients, delivery) as never,
      serverFields: [
        "frequency",
        "weekday",
        "monthDay",
        "month",
        "timeOfDay",
        "recipients",
        "subject",
        "message",
        "format",
        "linkExpiresInDays",
        "folder",
        "contents",
      ],
    },
  );
  const register = form.register as unknown as UseFormRegister<FormValues>;
  const errors = form.formState.errors as FieldErrors<FormValues>;
  const values = form.watch() as unknown as FormValues;

  const bodyOf = (checked: unknown) =>
    ({
      ...(checked as ScheduleValues),
      insightId: existing ? existing.insightId : insightId,
      isActive: existing?.isActive ?? true,
    }) as ScheduleInput;

  const submit = form.handleSubmit(async (checked) => {
    setError(null);
    const body = bodyOf(checked);
    try {
      const saved = existing
        ? await schedulesApi.update(existing._id, body)
        : await schedulesApi.create(projectId, body);
      await queryClient.invalidateQueries({ queryKey: queryKeys.schedulesAll });
      // Shown on the list the form goes back to, with when the schedule runs next.
      const next = saved.nextRunAt ? ` Next run: ${formatInZone(saved.nextRunAt, timeZone)}.` : "";
      alerts.success(`${existing ? "Schedule saved" : "Schedule created"}.${next}`, { on: "/schedule" });
      router.push("/schedule");
    } catch (raw) {
      const apiError = toApiError(raw);
      const unmatched = form.applyServerErrors(apiError);
      setError(Object.values(unmatched)[0] ?? (apiError.errors ? null : apiError.message));
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="max-w-xl space-y-4">
      <FormError message={error} />
      <SelectField label="Frequency" required error={errors.frequency?.message} {...register("frequency")}>
        {SCHEDULE_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {FREQUENCY_LABELS[f]}
          </option>
        ))}
      </SelectField>
      {values.frequency === "weekly" ? (
        <SelectField label="Weekday" required error={errors.weekday?.message} {...register("weekday")}>
          {SCHEDULE_WEEKDAYS.map((w) => (
            <option key={w.value} value={w.value}>
              {w.label}
            </option>
          ))}
        </SelectField>
      ) : (
        <SelectField label="Day of the month" required error={errors.monthDay?.message} {...register("monthDay")}>
          {SCHEDULE_MONTH_DAYS.map((d) => (
            <option key={d} value={d}>
              {MONTH_DAY_LABELS[d]}
            </option>
          ))}
        </SelectField>
      )}
      {values.frequency === "annually" ? (
        <SelectField label="Month" required error={errors.month?.message} {...register("month")}>
          {MONTH_LABELS.map((m, i) => (
            <option key={m} value={i + 1}>
              {m}
            </option>
          ))}
        </SelectField>
      ) : null}
      <FormField
        label="Time of day"
        type="time"
        required
        hint={`In the project's time zone, ${timeZone}`}
        error={errors.timeOfDay?.message}
        {...register("timeOfDay")}
      />
      <NextRunPreview values={values} timeZone={timeZone} />
      <NextRunData projectId={projectId} values={values} />
      {(existing ? existing.insightId : insightId) ? null : (
        <SelectField
          label="What each run holds"
          hint="Questions that could not run for lack of data are never sent to the client."
          error={errors.contents?.message}
          {...register("contents")}
        >
          {REPORT_CONTENTS.map((c) => (
            <option key={c} value={c}>
              {REPORT_CONTENTS_LABELS[c]}
            </option>
          ))}
        </SelectField>
      )}
      {delivery === "dropbox" ? (
        <DropboxDestination
          folder={values.folder}
          onFolder={(path) => form.setValue("folder" as never, path as never, { shouldValidate: false })}
          register={register}
          errors={errors}
          onUsable={setUsable}
        />
      ) : (
        <EmailContentFields register={register} errors={errors} />
      )}
      {delivery === "email" ? (
        <SendTest projectId={projectId} send={(run) => form.handleSubmit((v) => run(bodyOf(v)))()} />
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" loading={form.formState.isSubmitting} disabled={!usable}>
          {existing ? "Save schedule" : "Create schedule"}
        </Button>
        <Button type="button" variant="secondary" onClick={() => router.push("/schedule")}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const TITLES = {
  email: { create: "Schedule an email", edit: "Edit email schedule", does: "emails it" },
  dropbox: { create: "Schedule a Dropbox delivery", edit: "Edit Dropbox schedule", does: "saves it to Dropbox" },
} as const;

/**
 * /email-schedule/{projectId}/insight/{insightId?}, /schedules/{id}/email,
 * /dropbox-schedule/{projectId}/insight/{insightId?} and /schedules/{id}/dropbox.
 */
export function ScheduleForm(
  props: ({ projectId: string; insightId: string | null } | { scheduleId: string }) & { delivery?: ScheduleDelivery },
) {
  const delivery = props.delivery ?? "email";
  const scheduleId = "scheduleId" in props ? props.scheduleId : null;
  const existing = useQuery({
    queryKey: queryKeys.schedule(scheduleId ?? ""),
    queryFn: () => schedulesApi.get(scheduleId!),
    enabled: Boolean(scheduleId),
  });
  const projectId = "projectId" in props ? props.projectId : existing.data?.projectId;
  const project = useQuery({
    queryKey: queryKeys.project(projectId ?? ""),
    queryFn: () => projectDetail(projectId!),
    enabled: Boolean(projectId),
  });
  const recipients = useReportRecipients(delivery === "email" ? (projectId ?? "") : "");
  const failed = existing.error ?? project.error;
  if (failed) return <ErrorState message={toApiError(failed).message} />;
  if (
    (scheduleId && !existing.data) ||
    !project.data ||
    (!scheduleId && delivery === "email" && recipients === undefined)
  )
    return <LoadingState />;
  if (existing.data && existing.data.delivery !== delivery)
    return (
      <ErrorState
        message={`This schedule delivers by ${existing.data.delivery === "dropbox" ? "Dropbox" : "email"}.`}
      />
    );
  const insightTitle = existing.data?.insightTitle;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {scheduleId ? TITLES[delivery].edit : TITLES[delivery].create}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {project.data.client.name} · {project.data.name}
          {insightTitle ? ` · ${insightTitle}` : " · the whole report"}. Each run generates the report for the period
          that has just closed and {TITLES[delivery].does}.
        </p>
      </div>
      <ScheduleFormBody
        projectId={project.data._id}
        insightId={"insightId" in props ? props.insightId : null}
        existing={existing.data}
        timeZone={project.data.timeZone}
        recipients={recipients ?? []}
        delivery={delivery}
      />
    </div>
  );
}
