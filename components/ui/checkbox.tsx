"use client";

import * as CheckboxPrimitive from "@radix-ui/react-checkbox";
import { useId, type ComponentProps, type ReactNode } from "react";
import { Label } from "./label";
import { cn } from "./cn";

export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  const invalid = props["aria-invalid"] === true || props["aria-invalid"] === "true";
  return (
    <CheckboxPrimitive.Root
      className={cn(
        "flex size-5 shrink-0 items-center justify-center rounded border bg-white data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 data-[state=checked]:text-white",
        invalid ? "border-red-500" : "border-slate-400",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        <svg
          viewBox="0 0 16 16"
          className="size-3.5"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="M3 8.5l3.2 3L13 4.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

interface CheckboxFieldProps extends Omit<ComponentProps<typeof CheckboxPrimitive.Root>, "children"> {
  label: ReactNode;
  error?: string;
}

/** A checkbox with its label to the right and the error text below. */
export function CheckboxField({ label, error, className, ...props }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-start gap-2.5">
        <Checkbox id={id} aria-invalid={Boolean(error)} aria-describedby={errorId} className="mt-0.5" {...props} />
        <Label htmlFor={id} className="font-normal">
          {label}
        </Label>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
