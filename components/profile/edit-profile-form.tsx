"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { api } from "@/lib/api-client/endpoints";
import { queryKeys } from "@/lib/api-client/query-keys";
import type { UserInfo } from "@/lib/api-client/types";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { profileSchema } from "@/lib/validation/users";

export function EditProfileForm({ user }: { user: UserInfo }) {
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const handleApiError = useApiErrorHandler();
  const {
    register,
    handleSubmit,
    applyServerErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useServerForm(profileSchema, {
    serverFields: ["firstName", "lastName", "phone"],
    defaultValues: { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    alerts.clear();
    try {
      const result = await api.users.update(user._id, { mode: "edit", ...values });
      reset({ firstName: result.user.firstName, lastName: result.user.lastName, phone: result.user.phone ?? "" });
      queryClient.setQueryData(queryKeys.user(user._id), result.user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      alerts.success(result.message);
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400) {
        applyServerErrors(error);
        if (!error.errors) alerts.error(error.message);
      } else handleApiError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Email"
        type="email"
        value={user.email}
        readOnly
        disabled
        hint="Your email cannot be changed here."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="First name"
          required
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <FormField
          label="Last name"
          required
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register("lastName")}
        />
      </div>
      <FormField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register("phone")} />
      <Button type="submit" loading={isSubmitting}>
        Save profile
      </Button>
    </form>
  );
}
