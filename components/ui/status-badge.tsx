import { cn } from "./cn";

/** Active or suspended, for clients and projects (spec section 4). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const active = status === "active";
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1",
        active ? "bg-green-50 text-green-800 ring-green-200" : "bg-amber-50 text-amber-900 ring-amber-200",
        className,
      )}
    >
      {active ? "Active" : "Suspended"}
    </span>
  );
}
