"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { api } from "@/lib/api-client/endpoints";
import { queryKeys } from "@/lib/api-client/query-keys";
import { MESSAGES } from "@/lib/constants/messages";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { staffSignupSchema } from "@/lib/validation/auth";

const FIELDS = ["firstName", "lastName", "phone", "password", "confirmPassword"] as const;

export function StaffSignUpForm({ token }: { token: string }) {
  const router = useRouter();
  const alerts = useAlerts();
  const handleApiError = useApiErrorHandler();
  const info = useQuery({
    queryKey: queryKeys.invitations.token(token),
    queryFn: () => api.invitations.tokenInfo(token),
    retry: false,
    staleTime: Infinity,
    meta: { globalErrors: false },
  });
  const {
    register,
    handleSubmit,
    applyServerErrors,
    formState: { errors, isSubmitting },
  } = useServerForm(staffSignupSchema, {
    serverFields: FIELDS,
    defaultValues: { token, firstName: "", lastName: "", phone: "", password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    alerts.clear();
    try {
      await api.users.signup({ ...values, token });
      alerts.success("Your account is ready. Log in with your email and new password.", { on: "/login" });
      router.push("/login");
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400) {
        const unmatched = applyServerErrors(error);
        const other = Object.values(unmatched);
        if (!error.errors || other.length) alerts.error(other[0] ?? error.message);
      } else handleApiError(error);
    }
  });

  if (info.isPending) return <LoadingState label="Checking your invitation…" />;
  if (info.isError) {
    const error = toApiError(info.error);
    if (error.status === 400 || error.status === 404) {
      return (
        <ErrorState
          title="This invitation cannot be used"
          message={error.status === 400 ? error.message : MESSAGES.invitationInvalid}
        >
          <Link href="/login" className="font-medium text-brand-700 underline underline-offset-2">
            Go to log in
          </Link>
        </ErrorState>
      );
    }
    return <ErrorState message={error.message} onRetry={() => void info.refetch()} />;
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        <strong className="text-slate-900">{info.data.agencyName}</strong> invited{" "}
        <strong className="text-slate-900">{info.data.email}</strong> to join Funnelwise.
      </p>
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
      <NewPasswordFields
        password={register("password")}
        confirmPassword={register("confirmPassword")}
        errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
      />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        Create account
      </Button>
    </form>
  );
}
