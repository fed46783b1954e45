"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { FormField, SelectField } from "@/components/ui/form-field";
import { WORKSPACE_MESSAGES } from "@/lib/constants/messages";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { useShareClient } from "@/lib/hooks/use-sharing";
import { CLIENT_PERMISSION_LEVELS } from "@/lib/permissions";
import { shareClientSchema } from "@/lib/validation/clients";

/** Share the client with a staff member of the agency at a level (Client Admins and agency admins). */
export function ShareClientForm({
  clientId,
  clientName,
  isAgencyAdmin,
}: {
  clientId: string;
  clientName: string;
  isAgencyAdmin: boolean;
}) {
  const alerts = useAlerts();
  const handleApiError = useApiErrorHandler();
  const share = useShareClient(clientId);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    applyServerErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useServerForm(shareClientSchema, {
    serverFields: ["email", "permission"],
    defaultValues: { email: "", permission: "1" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    alerts.clear();
    try {
      const result = await share.mutateAsync(values);
      reset({ email: "", permission: String(values.permission) });
      alerts.success(`${result.message}: ${clientName} with ${result.staff.email}`);
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 401) return handleApiError(error);
      if (error.status === 400 && error.errors) {
        const unmatched = applyServerErrors(error);
        if (Object.keys(unmatched).length) setFailure(error.message);
      } else setFailure(error.message);
    }
  });

  const emailError = errors.email?.message;
  return (
    <Card aria-labelledby="share-client-heading">
      <CardTitle id="share-client-heading">Share client</CardTitle>
      <CardDescription>Give a staff member of your agency access to {clientName}.</CardDescription>
      {failure ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>We could not share the client ({failure}). This can happen when:</p>
          <ul className="mt-1 list-disc pl-5">
            {WORKSPACE_MESSAGES.shareFailedCauses.map((cause) => (
              <li key={cause}>{cause}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-start">
        <FormField
          label="Staff email"
          type="email"
          required
          autoComplete="off"
          placeholder="name@agency.com"
          error={
            emailError === WORKSPACE_MESSAGES.emailNotInAgency ? (
              <>
                {emailError}.{" "}
                {isAgencyAdmin ? (
                  <Link href="/agency-staffs" className="font-medium underline underline-offset-2">
                    Invite them on the staff page
                  </Link>
                ) : (
                  "Ask your agency admin to invite them first."
                )}
              </>
            ) : (
              emailError
            )
          }
          {...register("email")}
        />
        <SelectField label="Permission level" required error={errors.permission?.message} {...register("permission")}>
          {CLIENT_PERMISSION_LEVELS.map((level) => (
            <option key={level.value} value={String(level.value)}>
              {level.label}
            </option>
          ))}
        </SelectField>
        <Button type="submit" className="sm:mt-6.5" loading={isSubmitting}>
          Share client
        </Button>
      </form>
      <ul className="mt-4 space-y-1 text-xs text-slate-600">
        {CLIENT_PERMISSION_LEVELS.map((level) => (
          <li key={level.value}>
            <strong className="font-medium text-slate-800">{level.label}</strong>: {level.description}
          </li>
        ))}
      </ul>
    </Card>
  );
}
