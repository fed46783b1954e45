import type { ComponentProps } from "react";
import { FieldShell } from "@/components/ui/form-field";
import { controlClasses } from "@/components/ui/input";

type Props = ComponentProps<"textarea"> & { label: string; error?: string; hint?: string; required?: boolean };

/** A labelled multi-line text field; spread react-hook-form's `register(name)` into it. */
export function TextAreaField({ label, error, hint, required, className, ...textarea }: Props) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} className={className}>
      {(aria) => <textarea rows={3} {...textarea} {...aria} className={controlClasses(Boolean(error))} />}
    </FieldShell>
  );
}
