import type { ComponentProps } from "react";
import { cn } from "./cn";

export const controlClasses = (invalid?: boolean, className?: string) =>
  cn(
    "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400",
    "disabled:cursor-not-allowed disabled:bg-slate-100",
    "focus-visible:outline-2 focus-visible:outline-offset-0",
    invalid ? "border-red-500 focus-visible:outline-red-600" : "border-slate-300 focus-visible:outline-brand-600",
    className,
  );

export function Input({ className, ...props }: ComponentProps<"input">) {
  const invalid = props["aria-invalid"] === true || props["aria-invalid"] === "true";
  return <input className={controlClasses(invalid, className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  const invalid = props["aria-invalid"] === true || props["aria-invalid"] === "true";
  return <select className={controlClasses(invalid, cn("pr-8", className))} {...props} />;
}
