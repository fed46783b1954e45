"use client";

import { Button } from "@/components/ui/button";
import type { DataSource } from "@/lib/api-client/types";
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

/** Confirmation: the source exists and its first import runs in the background. */
export function PartnerSourceCreated({ source, onFinished }: { source: DataSource; onFinished?: () => void }) {
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
        {source.name} is connected. Its first import is running; the source&apos;s page shows its progress, and it
        refreshes every day on its own.
      </p>
      {onFinished ? (
        <div className="flex justify-end">
          <Button onClick={onFinished}>Done</Button>
        </div>
      ) : null}
    </div>
  );
}
