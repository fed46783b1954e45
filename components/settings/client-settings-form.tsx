"use client";

import { useMemo, useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { SelectField } from "@/components/ui/form-field";
import type { ClientSettingsAnswer } from "@/lib/api-client/settings";
import { MAX_REPORT_RECIPIENTS, SETTINGS_MESSAGES, WEEK_STARTS } from "@/lib/constants/settings";
import { useUpdateClientSettings } from "@/lib/hooks/use-settings";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { currencyOptions, timeZoneOptions } from "@/lib/validation/clients";
import { clientSettingsSchema, type ClientSettingsInput } from "@/lib/validation/settings";
import { saveSettings } from "./save-settings";
import { TextAreaField } from "./text-area-field";

/** Currency, time zone, first day of the week and the default report recipients of one client. */
export function ClientSettingsForm({
  clientId,
  settings,
  canEdit,
}: {
  clientId: string;
  settings: ClientSettingsAnswer;
  canEdit: boolean;
}) {
  const alerts = useAlerts();
  const update = useUpdateClientSettings(clientId);
  const [formError, setFormError] = useState<string | null>(null);
  const currencies = useMemo(() => currencyOptions(), []);
  const timeZones = useMemo(() => timeZoneOptions(), []);
  const { effective } = settings;
  const defaultValues: ClientSettingsInput = {
    currency: effective.currency,
    timeZone: effective.timeZone,
    weekStart: effective.weekStart,
    reportRecipients: effective.reportRecipients.join(", "),
  };
  const form = useServerForm(clientSettingsSchema, { defaultValues });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const message = await saveSettings(form, async () => {
      const saved = await update.mutateAsync(values);
      reset({ ...values, reportRecipients: saved.effective.reportRecipients.join(", ") });
      alerts.success(SETTINGS_MESSAGES.saved);
    });
    setFormError(message);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Client settings">
      <FormError message={formError} />
      <fieldset disabled={!canEdit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Currency" required error={errors.currency?.message} {...register("currency")}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </SelectField>
          <SelectField label="Time zone" required error={errors.timeZone?.message} {...register("timeZone")}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </SelectField>
          <SelectField label="Week starts on" required error={errors.weekStart?.message} {...register("weekStart")}>
            {WEEK_STARTS.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField
          label="Report recipients"
          placeholder="marketing@client.com, ceo@client.com"
          hint={`Emails separated by commas, at most ${MAX_REPORT_RECIPIENTS}: the default recipients of this client's emailed reports and schedules.`}
          error={errors.reportRecipients?.message}
          {...register("reportRecipients")}
        />
      </fieldset>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting}>
            Save settings
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Only a Client Admin or an agency admin can change these settings.</p>
      )}
    </form>
  );
}
