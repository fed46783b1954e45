import type { ComponentProps } from "react";
import { cn } from "./cn";

// cn() joins without merging, so a caller cannot override w-full or py-2 with w-auto or py-0 (Tailwind orders the
// two rules itself): a toolbar's small control asks for `compact` instead.
export const controlClasses = (invalid?: boolean, className?: string, compact = false) =>
  cn(
    "block rounded-md border bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-400",
    compact ? "w-auto py-1" : "w-full py-2",
    "disabled:cursor-not-allowed disabled:bg-slate-100",
    "focus-visible:outline-2 focus-visible:outline-offset-0",
    invalid ? "border-red-500 focus-visible:outline-red-600" : "border-slate-300 focus-visible:outline-brand-600",
    className,
  );

export function Input({ className, ...props }: ComponentProps<"input">) {
  const invalid = props["aria-invalid"] === true || props["aria-invalid"] === "true";
  return <input className={controlClasses(invalid, className)} {...props} />;
}

/** A select; `compact` sizes it to its content at a toolbar's height, beside small buttons. */
export function Select({ className, compact, ...props }: ComponentProps<"select"> & { compact?: boolean }) {
  const invalid = props["aria-invalid"] === true || props["aria-invalid"] === "true";
  return <select className={controlClasses(invalid, cn("pr-8", className), compact)} {...props} />;
}
