"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { partnerKeysApi, type PartnerKeyList, type PartnerKeyView } from "@/lib/api-client/partner-keys";
import { queryKeys } from "@/lib/api-client/query-keys";
import { formatDate } from "@/lib/format";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { partnerKeySchema } from "@/lib/validation/partner-keys";

const PURPOSE: Record<string, string> = {
  semrush: "Keyword data: rankings, search volumes and keyword difficulty for the keyword sources.",
  similarweb: "Competitor traffic for the competitor sources.",
};

/**
 * The agency's own keyword-partner and competitor-source API keys (agency admins). A key is checked with one
 * live call when it is saved and kept only if the partner accepted it; after that only its last 4 characters show.
 */
export function PartnerKeysCard({ agencyId }: { agencyId: string }) {
  const keys = useQuery({
    queryKey: queryKeys.partnerKeys(agencyId),
    queryFn: () => partnerKeysApi.list(agencyId),
  });
  return (
    <Card aria-labelledby="partner-keys-heading" id="partner-keys" className="scroll-mt-6">
      <CardTitle as="h2" id="partner-keys-heading">
        Partner API keys
      </CardTitle>
      <CardDescription>
        Your agency&apos;s own keys for the keyword and competitor sources. Each key is checked with the partner when
        you save it, stored encrypted, and never shown again in full.
      </CardDescription>
      {keys.isPending ? (
        <LoadingState label="Loading your partner keys…" />
      ) : keys.isError ? (
        <ErrorState message={toApiError(keys.error).message} onRetry={() => void keys.refetch()} />
      ) : (
        <div className="mt-4 divide-y divide-slate-200">
          {keys.data.docs.map((key) => (
            <PartnerKeyForm key={key.provider} agencyId={agencyId} partnerKey={key} />
          ))}
        </div>
      )}
    </Card>
  );
}

function PartnerKeyForm({ agencyId, partnerKey }: { agencyId: string; partnerKey: PartnerKeyView }) {
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const handleApiError = useApiErrorHandler();
  const [answer, setAnswer] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const {
    register,
    handleSubmit,
    applyServerErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useServerForm(partnerKeySchema, { defaultValues: { apiKey: "" } });
  const fieldId = `partner-key-${partnerKey.provider}`;
  const show = (list: PartnerKeyList) => queryClient.setQueryData(queryKeys.partnerKeys(agencyId), list);

  const onSubmit = handleSubmit(async (values) => {
    alerts.clear();
    setAnswer(null);
    try {
      const saved = await partnerKeysApi.save(agencyId, partnerKey.provider, values);
      reset({ apiKey: "" });
      show({ docs: saved.docs });
      setAnswer(saved.message);
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400) {
        applyServerErrors(error);
        if (!error.errors) alerts.error(error.message);
      } else handleApiError(error);
    }
  });

  const remove = async () => {
    alerts.clear();
    setAnswer(null);
    setRemoving(true);
    try {
      const removed = await partnerKeysApi.remove(agencyId, partnerKey.provider);
      show({ docs: removed.docs });
      alerts.success(removed.message);
    } catch (raw) {
      handleApiError(toApiError(raw));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`${partnerKey.label} API key`}
      className="space-y-3 py-4 first:pt-0 last:pb-0"
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{partnerKey.label}</h3>
        <p className="text-sm text-slate-600">{PURPOSE[partnerKey.provider]}</p>
        <p className="mt-1 text-sm text-slate-700" data-testid={`${fieldId}-state`}>
          {partnerKey.set ? (
            <>
              Your key ending in <span className="font-mono">{partnerKey.last4}</span>
              {partnerKey.checkedAt ? `, checked ${formatDate(partnerKey.checkedAt)}` : ""}.
            </>
          ) : partnerKey.serverFallback ? (
            "No key of your own: imports use this server's key."
          ) : (
            "No key yet: the keyword and competitor sources need one."
          )}
        </p>
      </div>
      <FormField
        label={partnerKey.set ? `New ${partnerKey.label} API key` : `${partnerKey.label} API key`}
        type="password"
        autoComplete="off"
        spellCheck={false}
        error={errors.apiKey?.message}
        {...register("apiKey")}
      />
      {answer ? (
        <p role="status" className="text-sm text-green-800">
          {answer}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? "Checking the key…" : "Check and save"}
        </Button>
        {partnerKey.set ? (
          <Button type="button" variant="secondary" loading={removing} onClick={() => void remove()}>
            Remove key
          </Button>
        ) : null}
      </div>
    </form>
  );
}
