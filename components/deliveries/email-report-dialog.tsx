"use client";

import { useEffect, useState } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { deliveriesApi } from "@/lib/api-client/deliveries";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useReportRecipients } from "@/lib/hooks/use-report-recipients";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { emailContentSchema } from "@/lib/validation/deliveries";
import type { ExportSelectionInput } from "@/lib/validation/exports";
import { DeliveryStatus } from "./delivery-status";
import { EmailContentFields, type EmailContentValues } from "./email-content-fields";

function selectionFields(form: FormData, selection: ExportSelectionInput) {
  if (selection.reportId) form.append("reportId", selection.reportId);
  if (selection.tag) form.append("tag", selection.tag);
  const ids = selection.insightIds as string | string[] | undefined;
  if (ids) for (const id of typeof ids === "string" ? ids.split(",") : ids) form.append("insightIds", id);
  if (selection.contents) form.append("contents", selection.contents);
}

function EmailReportForm({
  projectId,
  selection,
  onSent,
}: {
  projectId: string;
  selection: ExportSelectionInput;
  onSent: (deliveryId: string) => void;
}) {
  const recipients = useReportRecipients(projectId);
  const form = useServerForm(emailContentSchema, {
    defaultValues: { recipients: "", subject: "", message: "", format: "pptx", linkExpiresInDays: 30 },
  });
  const [error, setError] = useState<string | null>(null);
  const { setValue, getValues } = form;

  // The client's report recipients, once known, unless the user already typed some.
  useEffect(() => {
    if (recipients?.length && !getValues("recipients")) setValue("recipients", recipients.join(", "));
  }, [recipients, getValues, setValue]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const body = new FormData();
    body.append("recipients", values.recipients.join(", "));
    if (values.subject) body.append("subject", values.subject);
    if (values.message) body.append("message", values.message);
    body.append("format", values.format);
    body.append("linkExpiresInDays", String(values.linkExpiresInDays));
    selectionFields(body, selection);
    try {
      const delivery = await deliveriesApi.emailReport(projectId, body);
      onSent(delivery._id);
    } catch (raw) {
      const apiError = toApiError(raw);
      const unmatched = form.applyServerErrors(apiError);
      setError(Object.values(unmatched)[0] ?? (apiError.errors ? null : apiError.message));
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <FormError message={error} />
      {/* The form's input type allows an array of recipients; this form edits them as one text field. */}
      <EmailContentFields
        register={form.register as unknown as UseFormRegister<EmailContentValues>}
        errors={form.formState.errors as FieldErrors<EmailContentValues>}
      />
      <div className="flex justify-end gap-2">
        <Button type="submit" loading={form.formState.isSubmitting}>
          Send email
        </Button>
      </div>
    </form>
  );
}

/** "Email" beside the export buttons: sends the report, tag or selection now, then follows the delivery. */
export function EmailReportButton({
  projectId,
  selection,
  size = "sm",
  disabled = false,
}: {
  projectId: string;
  selection: ExportSelectionInput;
  size?: "sm" | "md";
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [deliveryId, setDeliveryId] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setDeliveryId(null);
  };
  return (
    <>
      <Button size={size} variant="secondary" disabled={disabled} onClick={() => setOpen(true)}>
        Email
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Email this report"
        description="Sent in your agency's look, with the file attached."
      >
        {deliveryId ? (
          <div className="space-y-4">
            <DeliveryStatus id={deliveryId} />
            <div className="flex justify-end">
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
            </div>
          </div>
        ) : (
          <EmailReportForm projectId={projectId} selection={selection} onSent={setDeliveryId} />
        )}
      </Dialog>
    </>
  );
}
