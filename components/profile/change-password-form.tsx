"use client";

import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { api } from "@/lib/api-client/endpoints";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { changePasswordSchema } from "@/lib/validation/auth";

const EMPTY = { currentPassword: "", password: "", confirmPassword: "" };

export function ChangePasswordForm({ userId }: { userId: string }) {
  const alerts = useAlerts();
  const handleApiError = useApiErrorHandler();
  const {
    register,
    handleSubmit,
    applyServerErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useServerForm(changePasswordSchema, {
    serverFields: ["currentPassword", "password", "confirmPassword"],
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    alerts.clear();
    try {
      const result = await api.users.update(userId, { mode: "change-password", ...values });
      reset(EMPTY);
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
        label="Current password"
        type="password"
        required
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <NewPasswordFields
        password={register("password")}
        confirmPassword={register("confirmPassword")}
        errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
      />
      <Button type="submit" loading={isSubmitting}>
        Change password
      </Button>
    </form>
  );
}
