import { cn } from "./cn";

/** A numbered list of a wizard's steps: done ones ticked, the current one marked for screen readers. */
export function Steps({
  steps,
  current,
  label,
}: {
  steps: readonly { step: number; title: string }[];
  current: number;
  label: string;
}) {
  return (
    <ol aria-label={label} className="grid gap-2 sm:grid-cols-3">
      {steps.map(({ step, title }) => {
        const state = step < current ? "done" : step === current ? "current" : "upcoming";
        return (
          <li
            key={step}
            aria-current={state === "current" ? "step" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-lg border px-3 py-2 text-sm",
              state === "current" && "border-brand-600 bg-brand-50 font-semibold text-brand-800",
              state === "done" && "border-green-200 bg-green-50 text-green-900",
              state === "upcoming" && "border-slate-200 bg-white text-slate-600",
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                state === "current" && "bg-brand-600 text-white",
                state === "done" && "bg-green-600 text-white",
                state === "upcoming" && "bg-slate-200 text-slate-700",
              )}
            >
              {state === "done" ? "✓" : step}
            </span>
            <span>
              {title}
              {state === "done" ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
