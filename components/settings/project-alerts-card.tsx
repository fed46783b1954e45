"use client";

import { useId, useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useAlertPreference, useSetAlertPreference } from "@/lib/hooks/use-alerts";
import { ALERT_LEVELS, ALERT_LEVEL_LABELS, type AlertLevelChoice } from "@/lib/validation/alerts";

const HINTS: Record<AlertLevelChoice, string> = {
  off: "Nothing in the bell or by email for this project.",
  significant:
    "A significant change of the primary KPI or of ad spend that the season does not explain, and a data source that stops delivering.",
  all: "Also every other finding of the latest days (outlier days, segments' changes).",
};

/**
 * The caller's own alerts for this project (README "Alerts"): off, significant changes (the default) or every
 * finding. Anyone who can see the project chooses for themselves; a choice is saved as it is made.
 */
export function ProjectAlertsCard({ projectId }: { projectId: string }) {
  const preference = useAlertPreference(projectId);
  const save = useSetAlertPreference(projectId);
  const alerts = useAlerts();
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className="mt-6">
      <CardTitle id={headingId}>Alerts</CardTitle>
      <CardDescription>
        After each daily sync the project&apos;s latest complete days are checked with the report&apos;s own tests. What
        you hear of shows in the bell and in one email a day at most.
      </CardDescription>
      <div className="mt-4">
        {preference.error ? (
          <ErrorState message={toApiError(preference.error).message} onRetry={() => void preference.refetch()} />
        ) : !preference.data ? (
          <LoadingState label="Loading your alerts…" />
        ) : (
          <fieldset disabled={save.isPending}>
            <legend className="text-sm font-medium text-slate-800">Alert me about this project</legend>
            <FormError message={error} />
            <div className="mt-2 space-y-2">
              {ALERT_LEVELS.map((level) => (
                <label key={level} className="flex cursor-pointer items-start gap-3 rounded-md p-2 hover:bg-slate-50">
                  <input
                    type="radio"
                    name={name}
                    value={level}
                    checked={preference.data.level === level}
                    onChange={async () => {
                      setError(null);
                      try {
                        await save.mutateAsync(level);
                        alerts.success(`Alerts for this project: ${ALERT_LEVEL_LABELS[level].toLowerCase()}.`);
                      } catch (failure) {
                        setError(toApiError(failure).message);
                      }
                    }}
                    className="mt-1 size-4 accent-brand-600"
                  />
                  <span>
                    <span className="block text-sm font-medium text-slate-900">
                      {ALERT_LEVEL_LABELS[level]}
                      {level === "significant" && preference.data.isDefault ? " (default)" : ""}
                    </span>
                    <span className="block text-sm text-slate-600">{HINTS[level]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </div>
    </Card>
  );
}
