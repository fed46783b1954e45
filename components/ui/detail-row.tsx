import type { ReactNode } from "react";

/** One labelled value of a details list (`<dl>`): the label above, the value below. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="mt-0.5 min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** A placeholder value ("Not set", "No report yet") in a details list. */
export function Muted({ children }: { children: ReactNode }) {
  return <span className="text-slate-500">{children}</span>;
}
