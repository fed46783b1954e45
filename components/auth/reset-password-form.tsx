"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { api } from "@/lib/api-client/endpoints";
import { queryKeys } from "@/lib/api-client/query-keys";
import { MESSAGES } from "@/lib/constants/messages";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { resetPasswordSchema } from "@/lib/validation/auth";

const linkClass = "font-medium text-brand-700 underline underline-offset-2";

function InvalidLink({ message }: { message: string }) {
  return (
    <ErrorState title="This link cannot be used" message={message}>
      <Link href="/forgot-password" className={linkClass}>
        Request a new reset link
      </Link>
    </ErrorState>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const alerts = useAlerts();
  const handleApiError = useApiErrorHandler();
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const info = useQuery({
    queryKey: queryKeys.resetToken(token),
    queryFn: () => api.users.resetTokenInfo(token),
    retry: false,
    staleTime: Infinity,
    meta: { globalErrors: false },
  });
  const {
    register,
    handleSubmit,
    applyServerErrors,
    formState: { errors, isSubmitting },
  } = useServerForm(resetPasswordSchema, {
    serverFields: ["password", "confirmPassword"],
    defaultValues: { password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    alerts.clear();
    try {
      const { message } = await api.users.resetPassword(token, values);
      setDoneMessage(message);
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400 && error.errors) applyServerErrors(error);
      else if (error.status === 400) setTokenError(error.message);
      else handleApiError(error);
    }
  });

  if (doneMessage) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm text-slate-700">
          {doneMessage}
        </p>
        <Link href="/login" className={linkClass}>
          Go to log in
        </Link>
      </div>
    );
  }
  if (tokenError) return <InvalidLink message={tokenError} />;
  if (info.isPending) return <LoadingState label="Checking your reset link…" />;
  if (info.isError) {
    const error = toApiError(info.error);
    if (error.status === 400 || error.status === 404)
      return <InvalidLink message={error.status === 400 ? error.message : MESSAGES.resetTokenInvalid} />;
    return <ErrorState message={error.message} onRetry={() => void info.refetch()} />;
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Setting a new password for <strong className="text-slate-900">{info.data.email}</strong>.
      </p>
      <NewPasswordFields
        password={register("password")}
        confirmPassword={register("confirmPassword")}
        errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
      />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        Set new password
      </Button>
    </form>
  );
}
