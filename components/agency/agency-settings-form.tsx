"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { settingsApi } from "@/lib/api-client/customization";
import { queryKeys } from "@/lib/api-client/query-keys";
import type { Agency } from "@/lib/api-client/types";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { agencySettingsSchema } from "@/lib/validation/settings";

/** PUT /agencies/{id}/settings: the agency's name, website and phone (agency admins). */
export function AgencySettingsForm({ agency }: { agency: Agency }) {
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const handleApiError = useApiErrorHandler();
  const {
    register,
    handleSubmit,
    applyServerErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useServerForm(agencySettingsSchema, {
    defaultValues: { name: agency.name, website: agency.website ?? "", phone: agency.phone ?? "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    alerts.clear();
    try {
      const saved = await settingsApi.updateAgency(agency._id, values);
      reset({ name: saved.name, website: saved.website ?? "", phone: saved.phone ?? "" });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.agency(agency._id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
      ]);
      alerts.success(saved.message);
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400) {
        applyServerErrors(error);
        if (!error.errors) alerts.error(error.message);
      } else handleApiError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Agency settings">
      <FormField
        label="Agency name"
        required
        autoComplete="organization"
        error={errors.name?.message}
        {...register("name")}
      />
      <FormField
        label="Website"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="example.com"
        error={errors.website?.message}
        {...register("website")}
      />
      <FormField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        hint="10 to 16 digits."
        {...register("phone")}
      />
      <Button type="submit" loading={isSubmitting}>
        Save agency settings
      </Button>
    </form>
  );
}
