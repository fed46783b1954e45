"use client";

import { Button } from "@/components/ui/button";
import type { DataSource } from "@/lib/api-client/types";
import { useSyncStatus } from "@/lib/hooks/use-google";
import { SyncProgress } from "../sync-progress";
import { CompetitorSourceForm } from "./competitor-source-form";
import { KeywordPartnerForm } from "./keyword-partner-form";

interface StepProps {
  kind: "keyword_partner" | "competitor";
  projectId: string;
  onBack?: () => void;
  onCreated: (source: DataSource) => void;
}

/** The wizard's Data Details step for the keyword-data partner and the competitor source. */
export function PartnerSourceStep({ kind, ...props }: StepProps) {
  return kind === "keyword_partner" ? <KeywordPartnerForm {...props} /> : <CompetitorSourceForm {...props} />;
}

/**
 * Confirmation: the source exists and its first import runs in the background. It is called
 * connected only once that import has succeeded; until then its progress shows, and a failure
 * (a refused key, say) is said here.
 */
export function PartnerSourceCreated({ source, onFinished }: { source: DataSource; onFinished?: () => void }) {
  const sync = useSyncStatus(source._id);
  const connected = Boolean(sync.data?.state?.lastSuccessAt);
  return (
    <div className="space-y-4">
      {connected ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          {source.name} is connected: its first import finished, and it refreshes every day on its own.
        </p>
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">
            {source.name} is added. It is connected once its first import succeeds; the source&apos;s page shows it too.
          </p>
          <SyncProgress dataSourceId={source._id} />
        </div>
      )}
      {onFinished ? (
        <div className="flex justify-end">
          <Button onClick={onFinished}>Done</Button>
        </div>
      ) : null}
    </div>
  );
}
