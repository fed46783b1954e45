"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { api } from "@/lib/api-client/endpoints";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { forgotPasswordSchema } from "@/lib/validation/auth";

export function ForgotPasswordForm() {
  const alerts = useAlerts();
  const handleApiError = useApiErrorHandler();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    applyServerErrors,
    formState: { errors, isSubmitting },
  } = useServerForm(forgotPasswordSchema, { serverFields: ["email"], defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async (values) => {
    alerts.clear();
    try {
      const { message } = await api.users.forgotPassword(values);
      setSentMessage(message);
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400) {
        applyServerErrors(error);
        if (!error.errors) alerts.error(error.message);
      } else handleApiError(error);
    }
  });

  if (sentMessage) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm text-slate-700">
          {sentMessage}
        </p>
        <Link href="/login" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Back to log in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Email"
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        Send reset link
      </Button>
      <p className="text-center text-sm">
        <Link href="/login" className="font-medium text-brand-700 underline underline-offset-2">
          Back to log in
        </Link>
      </p>
    </form>
  );
}
