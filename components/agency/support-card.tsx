"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAlerts } from "@/components/alerts/alerts-context";
import { TextAreaField } from "@/components/settings/text-area-field";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { FormField, SelectField } from "@/components/ui/form-field";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { supportApi, type SupportRequest, type SupportRequestList } from "@/lib/api-client/support";
import { queryKeys } from "@/lib/api-client/query-keys";
import { PLAN_KINDS, PLAN_TIERS } from "@/lib/constants/plans";
import { formatDate } from "@/lib/format";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { SUPPORT_MESSAGES, supportRequestSchema, type SupportRequestInput } from "@/lib/validation/support";
type Sent = SupportRequest;

const TIER_LABEL = { basic: "Basic", pro: "Pro", business: "Business" } as const;
const KIND_LABEL = { team: "Team", personal: "Personal" } as const;
const orUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const STATE: Record<Sent["status"], string> = {
  queued: "Being sent to support",
  sent: "Sent to support",
  failed: "Not sent",
};

/**
 * The support form (agency admins): a question or a plan change, emailed to the operator's support address, and the
 * requests already sent with their state. The plan-limit warning and error link here (`#support`, `?support=plan`).
 */
export function SupportCard({ planChange }: { planChange: boolean }) {
  const requests = useQuery({
    queryKey: queryKeys.supportRequests(),
    queryFn: (): Promise<SupportRequestList> => supportApi.list(),
    // A request just sent turns "Sent" within seconds: look again while one is on its way.
    refetchInterval: (query) => (query.state.data?.docs.some((d) => d.status === "queued") ? 2000 : false),
  });
  return (
    <Card aria-labelledby="support-heading" id="support" className="scroll-mt-6">
      <CardTitle as="h2" id="support-heading">
        Contact support
      </CardTitle>
      <CardDescription>
        Questions, billing, or a plan change: plan changes are made for you by support, so nothing is lost in between.
      </CardDescription>
      {requests.isPending ? (
        <LoadingState label="Loading your requests…" />
      ) : requests.isError ? (
        <ErrorState message={toApiError(requests.error).message} onRetry={() => void requests.refetch()} />
      ) : !requests.data.configured ? (
        <p className="mt-3 text-sm text-slate-700">{SUPPORT_MESSAGES.notConfigured}</p>
      ) : (
        <SupportForm planChange={planChange} />
      )}
      {requests.data && requests.data.docs.length > 0 ? <RequestList docs={requests.data.docs} /> : null}
    </Card>
  );
}

function SupportForm({ planChange }: { planChange: boolean }) {
  const alerts = useAlerts();
  const handleApiError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (body: SupportRequestInput) => supportApi.send(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supportRequests() }),
  });
  const {
    register,
    handleSubmit,
    applyServerErrors,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useServerForm(supportRequestSchema, {
    serverFields: ["subject", "message", "planTier", "planKind"],
    defaultValues: { subject: planChange ? "Plan change" : "", message: "" },
  });
  const tier = watch("planTier");

  const onSubmit = handleSubmit(async (values) => {
    alerts.clear();
    try {
      await send.mutateAsync(values);
      reset({ subject: "", message: "", planTier: undefined, planKind: undefined });
      alerts.success(SUPPORT_MESSAGES.sent);
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400) {
        applyServerErrors(error);
        if (!error.errors) alerts.error(error.message);
      } else handleApiError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
      <FormField label="Subject" required error={errors.subject?.message} {...register("subject")} />
      <TextAreaField label="Message" required rows={5} error={errors.message?.message} {...register("message")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Plan wanted (for a plan change)"
          error={errors.planTier?.message}
          defaultValue={planChange ? "pro" : ""}
          {...register("planTier", { setValueAs: orUndefined })}
        >
          <option value="">No plan change</option>
          {PLAN_TIERS.map((t) => (
            <option key={t} value={t}>
              {TIER_LABEL[t]}
            </option>
          ))}
        </SelectField>
        {tier ? (
          <SelectField
            label="Team or Personal"
            error={errors.planKind?.message}
            defaultValue="team"
            {...register("planKind", { setValueAs: orUndefined })}
          >
            {PLAN_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      <Button type="submit" loading={isSubmitting}>
        Send to support
      </Button>
    </form>
  );
}

function RequestList({ docs }: { docs: Sent[] }) {
  return (
    <section aria-labelledby="support-requests-heading" className="mt-6">
      <h3 id="support-requests-heading" className="text-sm font-semibold text-slate-900">
        Your requests
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {docs.map((r) => (
          <li key={r._id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
            <span className="min-w-0">
              <span className="font-medium text-slate-900">{r.subject}</span>
              {r.planWanted ? <span className="text-slate-600"> · plan wanted: {r.planWanted}</span> : null}
              <span className="block text-xs text-slate-500">
                {formatDate(r.createdAt)} · {r.senderEmail}
              </span>
            </span>
            <span
              className={r.status === "failed" || r.error ? "text-red-700" : "text-slate-700"}
              data-testid="support-request-state"
            >
              {STATE[r.status]}
              {r.error && r.status !== "sent" ? ` (${r.error})` : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
