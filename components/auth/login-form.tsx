"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import Script from "next/script";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { pushDataLayer } from "@/lib/analytics";
import { api } from "@/lib/api-client/endpoints";
import { queryKeys } from "@/lib/api-client/query-keys";
import { MESSAGES } from "@/lib/constants/messages";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { localState } from "@/lib/local-state";
import { loginSchema } from "@/lib/validation/auth";

const RECAPTCHA_SITE_KEY = process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY ?? "";

declare global {
  interface Window {
    grecaptcha?: { getResponse: () => string; reset: () => void };
  }
}

export function LoginForm() {
  const router = useRouter();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const handleApiError = useApiErrorHandler();
  const {
    register,
    handleSubmit,
    applyServerErrors,
    setValue,
    formState: { errors, isSubmitting },
  } = useServerForm(loginSchema, {
    serverFields: ["email", "password"],
    defaultValues: { email: "", password: "", recaptcha: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    alerts.clear();
    const recaptcha = RECAPTCHA_SITE_KEY ? (window.grecaptcha?.getResponse() ?? "") : undefined;
    if (recaptcha !== undefined) setValue("recaptcha", recaptcha);
    try {
      const { user } = await api.users.login({ ...values, recaptcha: recaptcha || undefined });
      queryClient.clear();
      queryClient.setQueryData(queryKeys.currentUser, user);
      pushDataLayer({ event: "login", userId: user._id });
      const fallback = localState.takeFallbackRoute();
      router.replace(fallback ?? (user.onboarding ? "/onboarding" : "/dashboard"));
    } catch (raw) {
      const error = toApiError(raw);
      if (RECAPTCHA_SITE_KEY) window.grecaptcha?.reset();
      if (error.status === 401) alerts.error(MESSAGES.loginInvalid);
      else if (error.status === 0) alerts.error(MESSAGES.loginNoStatus);
      else if (error.status === 400 || error.status === 403 || error.status === 429) {
        applyServerErrors(error);
        alerts.error(error.message);
      } else handleApiError(error);
    }
  });

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
      <FormField
        label="Password"
        type="password"
        required
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      {RECAPTCHA_SITE_KEY ? (
        <>
          <Script src="https://www.google.com/recaptcha/api.js" strategy="afterInteractive" />
          <div className="g-recaptcha" data-sitekey={RECAPTCHA_SITE_KEY} />
          <input type="hidden" {...register("recaptcha")} />
        </>
      ) : null}
      <div className="flex justify-end">
        <Link href="/forgot-password" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        Log in
      </Button>
      <p className="text-center text-sm text-slate-600">
        New to Funnelwise?{" "}
        <Link href="/sign-up" className="font-medium text-brand-700 underline underline-offset-2">
          Register your agency
        </Link>
      </p>
    </form>
  );
}
