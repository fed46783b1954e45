import type { ReactNode } from "react";

/** A form's own error (not tied to one field), announced when it appears. */
export function FormError({ message, children }: { message?: string | null; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p>{message}</p>
      {children}
    </div>
  );
}
