"use client";

import { useId, type ComponentProps, type ReactNode } from "react";
import { Input, Select } from "./input";
import { Label } from "./label";
import { cn } from "./cn";

export interface ControlAria {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
}

interface ShellProps {
  label: string;
  /** Usually the message text; may carry a link that helps fix the error. */
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (aria: ControlAria) => ReactNode;
}

/** Label above, control, then hint and error text below, linked to the control by aria-describedby. */
export function FieldShell({ label, error, hint, required, className, children }: ShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      {/* The asterisk stays outside the label so the accessible name is exactly the label text. */}
      <div className="flex items-baseline gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {required ? (
          <span className="text-sm text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": describedBy,
        "aria-required": required || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FieldProps = Omit<ShellProps, "children">;

/** A labelled text input; spread react-hook-form's `register(name)` into it. */
export function FormField({ label, error, hint, required, className, ...input }: FieldProps & ComponentProps<"input">) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} className={className}>
      {(aria) => <Input {...input} {...aria} />}
    </FieldShell>
  );
}

/** A labelled native select. */
export function SelectField({
  label,
  error,
  hint,
  required,
  className,
  children,
  ...select
}: FieldProps & ComponentProps<"select">) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} className={className}>
      {(aria) => (
        <Select {...select} {...aria}>
          {children}
        </Select>
      )}
    </FieldShell>
  );
}
