"use client";

import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { useCreateInvitations } from "@/lib/hooks/use-invitations";
import { inviteSchema } from "@/lib/validation/users";

export function InviteStaffForm() {
  const alerts = useAlerts();
  const handleApiError = useApiErrorHandler();
  const createInvitations = useCreateInvitations();
  const {
    register,
    handleSubmit,
    applyServerErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useServerForm(inviteSchema, { serverFields: ["emails"], defaultValues: { emails: "" } });

  const onSubmit = handleSubmit(async ({ emails }) => {
    alerts.clear();
    try {
      const result = await createInvitations.mutateAsync({ emails });
      reset({ emails: "" });
      alerts.success(`${result.message}: ${result.docs.map((d) => d.email).join(", ")}`);
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400) {
        applyServerErrors(error);
        if (!error.errors) alerts.error(error.message);
      } else handleApiError(error);
    }
  });

  return (
    <Card aria-labelledby="invite-staff-heading" id="invite-staff" className="scroll-mt-6">
      <CardTitle id="invite-staff-heading">Invite staff</CardTitle>
      <CardDescription>
        We email each person a link to join your agency. Separate several emails with commas.
      </CardDescription>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField
          label="Emails to invite"
          className="flex-1"
          required
          autoComplete="off"
          placeholder="ana@example.com, li@example.com"
          error={errors.emails?.message}
          {...register("emails")}
        />
        <Button type="submit" className="sm:mt-6.5" loading={isSubmitting}>
          Send invitations
        </Button>
      </form>
    </Card>
  );
}
