"use client";

import type { AlertState } from "./alerts-context";
import { Spinner } from "../ui/spinner";

const STYLES: Record<AlertState["kind"], string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  error: "border-red-300 bg-red-50 text-red-900",
  instruction: "border-brand-100 bg-brand-50 text-brand-800",
};

/**
 * The alert itself: errors interrupt (role="alert"); success and instructions are polite (role="status").
 * The live element holds only the message, so its text is exactly what was announced.
 */
export function AlertBanner({ alert, onDismiss }: { alert: AlertState; onDismiss: () => void }) {
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-2xl items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${STYLES[alert.kind]}`}
      data-alert-kind={alert.kind}
    >
      {alert.loading ? <Spinner className="mt-0.5 size-4 shrink-0" /> : null}
      <div role={alert.kind === "error" ? "alert" : "status"} className="flex-1">
        {alert.message}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="-m-1 rounded px-1.5 text-base leading-none opacity-70 hover:opacity-100"
        aria-label="Dismiss message"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
