"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { customizationApi, type CustomizationResponse, type LookView } from "@/lib/api-client/customization";
import { queryKeys } from "@/lib/api-client/query-keys";
import type { CustomizationLevel } from "@/lib/constants/customization";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { CustomizationForm, fontLabel } from "./customization-form";
import { ReportPreview } from "./report-preview";

const SOURCE_LABEL: Record<string, string> = {
  default: "Built-in default",
  agency: "Agency",
  client: "Client",
  project: "Project",
};
const PARENT_LABEL: Record<CustomizationResponse["inheritsFrom"], string> = {
  default: "the built-in defaults",
  agency: "the agency",
  client: "the client",
};

interface Props {
  level: CustomizationLevel;
  targetId: string;
  /** Shown in the preview header (the client's or project's name). */
  targetName?: string;
  canEdit: boolean;
}

/** One level's look: the form, what it inherits, "Reset to inherited", and the live preview. */
export function CustomizationScreen({ level, targetId, targetName, canEdit }: Props) {
  const queryClient = useQueryClient();
  const key = queryKeys.look(level, targetId);
  const query = useQuery({ queryKey: key, queryFn: () => customizationApi.get(level, targetId) });

  if (query.isPending) return <LoadingState label="Loading the customization…" />;
  if (query.isError)
    return <ErrorState message={toApiError(query.error).message} onRetry={() => void query.refetch()} />;

  const data = query.data;
  // Saving or resetting answers with the new state; a new key re-creates the form from it.
  const formKey = `${level}-${targetId}-${data.own ? data.own.updatedAt : "inherited"}`;
  const onChanged = (next: CustomizationResponse) => {
    queryClient.setQueryData(key, next);
    // Levels below inherit from this one.
    void queryClient.invalidateQueries({
      queryKey: queryKeys.lookAll,
      predicate: (q) => q.queryKey[1] !== level || q.queryKey[2] !== targetId,
    });
  };

  return (
    <CustomizationForm
      key={formKey}
      level={level}
      targetId={targetId}
      data={data}
      canEdit={canEdit}
      onSaved={onChanged}
      aside={(look) => (
        <>
          <Card>
            <CardTitle as="h2">Preview</CardTitle>
            <CardDescription>
              A sample report header and charts in this look; it follows your changes as you type.
            </CardDescription>
            <div className="mt-4">
              <ReportPreview look={look} clientName={targetName} />
            </div>
          </Card>
          <InheritancePanel data={data} canEdit={canEdit} level={level} targetId={targetId} onReset={onChanged} />
        </>
      )}
    />
  );
}

function InheritancePanel({
  data,
  canEdit,
  level,
  targetId,
  onReset,
}: {
  data: CustomizationResponse;
  canEdit: boolean;
  level: CustomizationLevel;
  targetId: string;
  onReset: (next: CustomizationResponse) => void;
}) {
  const alerts = useAlerts();
  const handleApiError = useApiErrorHandler();
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const { inherited, inheritedSources: sources } = data;

  async function reset() {
    setResetting(true);
    alerts.clear();
    try {
      const next = await customizationApi.reset(level, targetId);
      setConfirming(false);
      onReset(next);
      alerts.success(next.message);
    } catch (error) {
      handleApiError(error);
    } finally {
      setResetting(false);
    }
  }

  return (
    <Card>
      <CardTitle as="h2">Inherited look</CardTitle>
      <CardDescription>
        {level === "agency" ? "The agency starts from " : "Without its own look, this level uses "}
        {PARENT_LABEL[data.inheritsFrom]}
        {level === "agency" ? "." : ". Empty fields in the form use these values."}
      </CardDescription>
      <dl className="mt-4 grid grid-cols-[auto_1fr_auto] gap-x-4 gap-y-2 text-sm" data-testid="inherited-look">
        <InheritedRow label="Chart colour" source={sources.chartColor}>
          <Swatch color={inherited.chartColor} /> <span className="font-mono">{inherited.chartColor}</span>
        </InheritedRow>
        <InheritedRow label="Palette" source={sources.palette}>
          <span className="flex flex-wrap gap-1">
            {inherited.palette.map((c, i) => (
              <Swatch key={`${c}-${i}`} color={c} />
            ))}
          </span>
        </InheritedRow>
        <InheritedRow label="Font" source={sources.font}>
          <span style={{ fontFamily: inherited.font }}>{fontLabel(inherited.font)}</span>
        </InheritedRow>
        <InheritedRow label="Report title" source={sources.reportTitle}>
          {inherited.reportTitle}
        </InheritedRow>
        <InheritedRow label="Footer text" source={sources.footerText}>
          {inherited.footerText || <span className="text-slate-500">None</span>}
        </InheritedRow>
        <InheritedRow label="Logo" source={sources.logo}>
          <LogoThumb look={inherited} />
        </InheritedRow>
      </dl>

      <div className="mt-5 border-t border-slate-200 pt-4">
        {data.own ? (
          <p className="text-sm text-slate-700">
            This level has its own look. Resetting removes it (logo included) and uses the inherited look again.
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            This level uses the inherited look; saving the form gives it its own.
          </p>
        )}
        {canEdit ? (
          confirming ? (
            <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="Confirm reset">
              <span className="text-sm font-medium text-slate-900">Reset this level to the inherited look?</span>
              <Button variant="danger" size="sm" loading={resetting} onClick={() => void reset()}>
                Yes, reset
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setConfirming(false)} disabled={resetting}>
                Cancel
              </Button>
            </div>
          ) : (
            <Button variant="secondary" className="mt-3" disabled={!data.own} onClick={() => setConfirming(true)}>
              Reset to inherited
            </Button>
          )
        ) : null}
      </div>
    </Card>
  );
}

function InheritedRow({ label, source, children }: { label: string; source: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1.5 break-words text-slate-900">{children}</dd>
      <dd className="text-xs text-slate-500">{SOURCE_LABEL[source] ?? source}</dd>
    </>
  );
}

function Swatch({ color }: { color: string }) {
  return (
    <span
      className="inline-block size-4 rounded border border-slate-200 align-middle"
      style={{ backgroundColor: color }}
      title={color}
      aria-hidden="true"
    />
  );
}

function LogoThumb({ look }: { look: LookView }) {
  if (!look.logo) return <span className="text-slate-500">None</span>;
  return (
    <img
      src={customizationApi.logoUrl(look.logo.path)}
      alt={`Inherited logo (${look.logo.level})`}
      className="h-8 max-w-28 object-contain"
    />
  );
}
