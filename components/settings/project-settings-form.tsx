"use client";

import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox";
import { FormError } from "@/components/ui/form-error";
import { SelectField } from "@/components/ui/form-field";
import type { ProjectSettingsAnswer } from "@/lib/api-client/settings";
import { KPIS, MAX_GOALS_LENGTH, REPORT_LANGUAGES, SETTINGS_MESSAGES } from "@/lib/constants/settings";
import { useUpdateProjectSettings } from "@/lib/hooks/use-settings";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { projectSettingsSchema, type ProjectSettingsInput } from "@/lib/validation/settings";
import { saveSettings } from "./save-settings";
import { TextAreaField } from "./text-area-field";

const kpiLabel = (value: string) => KPIS.find((k) => k.value === value)?.label ?? value;

/** The primary KPI the project's findings are ranked by, its goals, and its reports' language. */
export function ProjectSettingsForm({
  projectId,
  settings,
  canEdit,
}: {
  projectId: string;
  settings: ProjectSettingsAnswer;
  canEdit: boolean;
}) {
  const alerts = useAlerts();
  const update = useUpdateProjectSettings(projectId);
  const [formError, setFormError] = useState<string | null>(null);
  const defaultValues: ProjectSettingsInput = {
    // "" is "the site type's default": the project follows it if the site type changes.
    primaryKpi: settings.own.primaryKpi ?? "",
    goals: settings.effective.goals,
    reportLanguage: settings.effective.reportLanguage,
    competitiveAnalysis: settings.effective.competitiveAnalysis ?? true,
  };
  const form = useServerForm(projectSettingsSchema, { defaultValues });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const message = await saveSettings(form, async () => {
      await update.mutateAsync(values);
      reset({ ...values, primaryKpi: values.primaryKpi ?? "" });
      alerts.success(SETTINGS_MESSAGES.saved);
    });
    setFormError(message);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Project settings">
      <FormError message={formError} />
      <fieldset disabled={!canEdit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Primary KPI"
            hint="Most Impactful Insights are ranked by their effect on it; the dashboard shows it first."
            error={errors.primaryKpi?.message}
            {...register("primaryKpi")}
          >
            <option value="">
              Site type default ({kpiLabel(settings.defaults.primaryKpi)}
              {settings.defaults.primaryKpi === "leads" ? ", or deals won with a CRM" : ""})
            </option>
            {KPIS.map((kpi) => (
              <option key={kpi.value} value={kpi.value}>
                {kpi.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Report language"
            required
            hint="Reports are written in English today; other languages will be listed here when they exist."
            error={errors.reportLanguage?.message}
            {...register("reportLanguage")}
          >
            {REPORT_LANGUAGES.map((language) => (
              <option key={language.value} value={language.value}>
                {language.label}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField
          label="Goals"
          maxLength={MAX_GOALS_LENGTH}
          placeholder="Grow online revenue 15 % this year while keeping the cost per order under €20."
          hint={`What the client wants to achieve, for the people who read the reports (at most ${MAX_GOALS_LENGTH} characters).`}
          error={errors.goals?.message}
          {...register("goals")}
        />
        <CheckboxField
          label="Compare the site with its competitors in reports (when the project has competitor domains and a competitor source)"
          checked={form.watch("competitiveAnalysis")}
          onCheckedChange={(checked) => form.setValue("competitiveAnalysis", checked === true, { shouldDirty: true })}
          error={errors.competitiveAnalysis?.message}
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
