"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { api } from "@/lib/api-client/endpoints";
import { MESSAGES } from "@/lib/constants/messages";
import { useApiErrorHandler, toApiError } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { agencySignupSchema } from "@/lib/validation/auth";

const FIELDS = [
  "agencyName",
  "website",
  "firstName",
  "lastName",
  "email",
  "phone",
  "password",
  "confirmPassword",
  "acceptTerms",
] as const;

export function SignUpForm() {
  const alerts = useAlerts();
  const handleApiError = useApiErrorHandler();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const form = useServerForm(agencySignupSchema, {
    serverFields: FIELDS,
    defaultValues: {
      agencyName: "",
      website: "",
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      password: "",
      confirmPassword: "",
      acceptTerms: false as unknown as true,
    },
  });
  const {
    register,
    control,
    handleSubmit,
    applyServerErrors,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(
    async (values) => {
      alerts.clear();
      try {
        const result = await api.agencies.signup(values);
        setRegisteredEmail(result.email);
      } catch (raw) {
        const error = toApiError(raw);
        if (error.status === 400 || error.status === 409) {
          applyServerErrors(error);
          alerts.error(error.errors ? MESSAGES.registrationProblem : error.message);
        } else {
          handleApiError(error);
        }
      }
    },
    () => alerts.error(MESSAGES.registrationProblem),
  );

  if (registeredEmail) {
    return (
      <div role="status" className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Check your email</h2>
        <p className="text-sm text-slate-700">
          We sent a confirmation link to <strong>{registeredEmail}</strong>. Open it to confirm your agency, then log
          in.
        </p>
        <p className="text-sm">
          <Link href="/login" className="font-medium text-brand-700 underline underline-offset-2">
            Go to log in
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Agency name"
        required
        autoComplete="organization"
        error={errors.agencyName?.message}
        {...register("agencyName")}
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
      <FormField
        label="Email"
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <FormField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register("phone")} />
      <NewPasswordFields
        password={register("password")}
        confirmPassword={register("confirmPassword")}
        errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
      />
      <Controller
        control={control}
        name="acceptTerms"
        render={({ field }) => (
          <CheckboxField
            label="I accept the terms of service"
            name={field.name}
            ref={field.ref}
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
            error={errors.acceptTerms?.message}
          />
        )}
      />
      <p className="-mt-2 text-sm text-slate-600">
        Read the{" "}
        <Link href="/terms" className="text-brand-700 underline underline-offset-2" target="_blank">
          terms of service
        </Link>{" "}
        and the{" "}
        <Link href="/privacy" className="text-brand-700 underline underline-offset-2" target="_blank">
          privacy notice
        </Link>
        .
      </p>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        Create agency
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already registered?{" "}
        <Link href="/login" className="font-medium text-brand-700 underline underline-offset-2">
          Log in
        </Link>
      </p>
    </form>
  );
}
