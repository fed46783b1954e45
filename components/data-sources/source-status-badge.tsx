"use client";

import { StatusBadge } from "@/components/ui/status-badge";
import { cn } from "@/components/ui/cn";
import type { DataSource } from "@/lib/api-client/types";
import { isImportedPartnerKind } from "@/lib/constants/partner-sources";
import { useSyncStatus } from "@/lib/hooks/use-google";

const imported = (source: DataSource) => source.kind === "google" || isImportedPartnerKind(source.kind);

/**
 * A source's badge. An imported source (Google, partners, premium) is "Active" only once an import
 * has succeeded: before, it is "Importing…", or "Import failed" when its runs failed; a suspended
 * source says so whatever its imports.
 */
export function SourceStatusBadge({ source }: { source: DataSource }) {
  const sync = useSyncStatus(source._id, imported(source) && source.status === "active");
  if (!imported(source) || source.status !== "active" || !sync.data?.syncable)
    return <StatusBadge status={source.status} />;
  if (sync.data.state?.lastSuccessAt) return <StatusBadge status="active" />;
  const failed = !sync.data.running && sync.data.runs.some((r) => r.status === "failed");
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1",
        failed ? "bg-red-50 text-red-800 ring-red-200" : "bg-slate-50 text-slate-700 ring-slate-200",
      )}
    >
      {failed ? "Import failed" : "Importing…"}
    </span>
  );
}
