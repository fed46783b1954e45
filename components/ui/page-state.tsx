import type { ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { Spinner } from "./spinner";

/** Shown while data loads; announced politely to screen readers (`data-loading`: the journeys time it). */
export function LoadingState({ label = "Loading…", className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      data-loading=""
      className={cn("flex items-center justify-center gap-3 py-10 text-sm text-slate-600", className)}
    >
      <Spinner className="size-5 text-brand-600" />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({
  title,
  children,
  className,
}: {
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center", className)}>
      <p className="font-medium text-slate-800">{title}</p>
      {children ? <div className="mt-1 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

export function ErrorState({
  title = "Something went wrong",
  message,
  onRetry,
  children,
  className,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("rounded-lg border border-red-200 bg-red-50 px-4 py-6 text-center", className)}>
      <p className="font-medium text-red-900">{title}</p>
      {message ? <p className="mt-1 text-sm text-red-800">{message}</p> : null}
      {children ? <div className="mt-3 text-sm">{children}</div> : null}
      {onRetry ? (
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
