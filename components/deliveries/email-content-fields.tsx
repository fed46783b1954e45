"use client";

import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { FieldShell, FormField, SelectField } from "@/components/ui/form-field";
import { controlClasses } from "@/components/ui/input";
import { SHARE_LINK_DAYS } from "@/lib/constants/share-link-messages";
import { ATTACHMENT_FORMATS, ATTACHMENT_LABELS } from "@/lib/validation/deliveries";

export interface EmailContentValues {
  recipients: string;
  subject: string;
  message: string;
  format: (typeof ATTACHMENT_FORMATS)[number];
  linkExpiresInDays: string;
}

/**
 * Recipients, subject, message, attachment and how long the client's link opens the report: the same fields for
 * "Email now" and for schedules.
 */
export function EmailContentFields<T extends EmailContentValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const reg = register as unknown as UseFormRegister<EmailContentValues>;
  const err = errors as FieldErrors<EmailContentValues>;
  return (
    <>
      <FormField
        label="Recipients"
        required
        hint="Email addresses, separated by commas"
        error={err.recipients?.message}
        {...reg("recipients")}
      />
      <FormField
        label="Subject"
        hint="Left empty, it names the report and its period"
        error={err.subject?.message}
        {...reg("subject")}
      />
      <FieldShell label="Message" error={err.message?.message} hint="Shown above the findings">
        {(aria) => <textarea rows={4} className={controlClasses(Boolean(err.message))} {...aria} {...reg("message")} />}
      </FieldShell>
      <SelectField label="Attachment" error={err.format?.message} {...reg("format")}>
        {ATTACHMENT_FORMATS.map((f) => (
          <option key={f} value={f}>
            {ATTACHMENT_LABELS[f]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Client link expires after"
        hint="Recipients outside your agency get a read-only link to the report; your staff get the app's link"
        error={err.linkExpiresInDays?.message}
        {...reg("linkExpiresInDays")}
      >
        {SHARE_LINK_DAYS.map((d) => (
          <option key={d} value={String(d)}>
            {d} days
          </option>
        ))}
      </SelectField>
    </>
  );
}
