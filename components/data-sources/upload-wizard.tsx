"use client";

import { useId, useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FormError } from "@/components/ui/form-error";
import { FieldShell, FormField } from "@/components/ui/form-field";
import type { DataSource, UploadSummary } from "@/lib/api-client/types";
import type { UploadProgress } from "@/lib/api-client/upload";
import { DATA_SOURCE_MESSAGES } from "@/lib/constants/data-source-messages";
import { MAX_UPLOAD_BYTES } from "@/lib/constants/observations";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useRenameDataSource, useUploadCsv } from "@/lib/hooks/use-data-sources";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { requiredText } from "@/lib/validation/fields";
import { CsvFormatHelp } from "./csv-format-help";
import { CsvFileDrop } from "./csv-mapping/csv-file-drop";
import { CsvMappingPreview } from "./csv-mapping/csv-mapping-preview";
import { CsvTemplateLink } from "./csv-mapping/csv-template-link";
import { useCsvMapping } from "./csv-mapping/use-csv-mapping";
import { PartnerSourceCreated, PartnerSourceStep } from "./partner-sources/partner-source-step";
import { GenerateAfterChange } from "./generate-after-change";
import { WizardFormActions, WizardStepHeader, useStepHeading } from "./wizard-steps";
import { UploadSummaryList } from "./upload-summary";

/** What continues in this wizard after step 1: a CSV upload or a partner source. */
export type UploadWizardKind = "upload" | "keyword_partner" | "competitor";

const detailsSchema = z.object({ name: requiredText("Data source name") });
const DEFAULT_NAME = "CSV upload";

type Outcome =
  { ok: true; summary: UploadSummary; fileName: string } | { ok: false; message: string; fileName: string };

interface UploadWizardProps {
  projectId: string;
  timeZone: string;
  canGenerate: boolean;
  /** Uploading again into an existing source starts at Data Details. */
  source?: DataSource;
  onSourceCreated?: (source: DataSource) => void;
  onFinished?: () => void;
  /** Back from Data Details to the caller's step 1 (the add-source wizard); without it there is no Back. */
  onBack?: () => void;
  /** The kind chosen on the caller's step 1. */
  initialKind?: UploadWizardKind;
}

/**
 * Data Details → Confirmation of the data source wizard, once step 1 (the add-source wizard) has chosen a CSV upload
 * or a partner source, or for a new upload into an existing source: name it and pick the file, see what was imported.
 */
export function UploadWizard({
  projectId,
  timeZone,
  canGenerate,
  source: existing,
  onSourceCreated,
  onFinished,
  onBack,
  initialKind,
}: UploadWizardProps) {
  const [step, setStep] = useState<2 | 3>(2);
  const sourceKind = initialKind ?? "upload";
  const [partnerSource, setPartnerSource] = useState<DataSource | null>(null);
  const [source, setSource] = useState<DataSource | undefined>(existing);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [controller, setController] = useState<AbortController | null>(null);
  const headingRef = useStepHeading(step);
  const fileHelpId = useId();

  const [showMappingProblems, setShowMappingProblems] = useState(false);
  const csv = useCsvMapping(file, source?.csvMapping);
  const rename = useRenameDataSource(source?._id ?? "", projectId);
  const upload = useUploadCsv(projectId);
  const form = useServerForm(detailsSchema, { defaultValues: { name: existing?.name ?? DEFAULT_NAME } });
  const busy = form.formState.isSubmitting;

  const goTo = (next: 2 | 3) => setStep(next);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setShowMappingProblems(false);
    setFileError(chosen && chosen.size > MAX_UPLOAD_BYTES ? DATA_SOURCE_MESSAGES.fileTooLarge : null);
  };

  const onSubmit = form.handleSubmit(async ({ name }) => {
    if (!file) {
      setFileError(DATA_SOURCE_MESSAGES.fileRequired);
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setFileError(DATA_SOURCE_MESSAGES.fileTooLarge);
      return;
    }
    if (csv.readError) {
      setFileError(csv.readError);
      return;
    }
    if (csv.problems.length > 0) {
      setShowMappingProblems(true);
      return;
    }
    setFileError(null);
    let target = source;
    try {
      // A new source is created by its first import (nothing is left behind if the file fails).
      if (target && target.name !== name) {
        target = await rename.mutateAsync(name);
        setSource(target);
      }
    } catch (raw) {
      const error = toApiError(raw);
      const unmatched = form.applyServerErrors(error);
      if (!error.errors || Object.keys(unmatched).length) form.setError("root", { message: error.message });
      return;
    }
    const abort = new AbortController();
    setController(abort);
    setProgress({ loaded: 0, total: file.size, percent: 0 });
    try {
      const result = await upload.mutateAsync({
        file,
        name,
        mapping: csv.mapping(),
        onProgress: setProgress,
        signal: abort.signal,
        id: target?._id,
      });
      const summary = result.summary;
      if ("dataSource" in result) {
        setSource(result.dataSource);
        onSourceCreated?.(result.dataSource);
      }
      setOutcome({ ok: true, summary, fileName: file.name });
    } catch (raw) {
      setOutcome({ ok: false, message: toApiError(raw).message, fileName: file.name });
    } finally {
      setController(null);
      setProgress(null);
    }
    goTo(3);
  });

  const uploading = progress !== null;
  const sent = progress?.percent === 100;

  return (
    <div className="space-y-5">
      <WizardStepHeader step={step} headingRef={headingRef} />

      {step === 2 && (sourceKind === "keyword_partner" || sourceKind === "competitor") ? (
        <PartnerSourceStep
          kind={sourceKind}
          projectId={projectId}
          onBack={onBack}
          onCreated={(created) => {
            setPartnerSource(created);
            setSource(created);
            onSourceCreated?.(created);
            goTo(3);
          }}
        />
      ) : null}

      {step === 3 && partnerSource ? <PartnerSourceCreated source={partnerSource} onFinished={onFinished} /> : null}

      {step === 2 && sourceKind === "upload" ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormError message={form.formState.errors.root?.message} />
          <FormField
            label="Data source name"
            required
            autoComplete="off"
            disabled={uploading}
            error={form.formState.errors.name?.message}
            {...form.register("name")}
          />
          <FieldShell
            label="Export file"
            required
            error={fileError ?? csv.readError ?? undefined}
            hint={
              <span>
                An export from GA4, Search Console, Google Ads, Shopify, Meta Ads or any tool. <CsvTemplateLink />
              </span>
            }
          >
            {(aria) => (
              <CsvFileDrop
                aria={{ ...aria, "aria-describedby": [aria["aria-describedby"], fileHelpId].filter(Boolean).join(" ") }}
                disabled={uploading}
                onFile={chooseFile}
              />
            )}
          </FieldShell>
          {file ? (
            <p className="text-sm text-slate-600">
              Chosen: <span className="font-medium text-slate-900">{file.name}</span> ({formatBytes(file.size)})
            </p>
          ) : null}
          <CsvMappingPreview state={csv} showProblems={showMappingProblems} />
          <CsvFormatHelp id={fileHelpId} />

          {uploading ? (
            <div className="space-y-2">
              <div
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress.percent ?? undefined}
                aria-valuetext={
                  sent ? "Sent; importing" : progress.percent === null ? "Sending" : `${progress.percent} % sent`
                }
                className="h-2.5 overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200"
              >
                <div
                  className={cn("h-full rounded-full bg-brand-600 transition-[width]", sent && "animate-pulse")}
                  style={{ width: `${progress.percent ?? 5}%` }}
                />
              </div>
              <p className="text-sm text-slate-700" aria-live="polite">
                {sent
                  ? "File sent. Importing and checking every row…"
                  : `Sending ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}…`}
              </p>
              {!sent ? (
                <Button size="sm" variant="ghost" onClick={() => controller?.abort()}>
                  Cancel upload
                </Button>
              ) : null}
            </div>
          ) : null}

          <WizardFormActions onBack={onBack} backDisabled={uploading} submitLabel="Import" submitting={busy} />
        </form>
      ) : null}

      {step === 3 && outcome ? (
        <div className="space-y-4">
          {outcome.ok ? (
            <>
              <p
                role="status"
                className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
              >
                Imported {outcome.summary.rows.toLocaleString("en")} rows from {outcome.fileName} into{" "}
                {source?.name ?? "the data source"}.
              </p>
              <UploadSummaryList summary={outcome.summary} fileName={outcome.fileName} />
              <GenerateAfterChange
                projectId={projectId}
                timeZone={timeZone}
                coverage={{
                  lastPeriod: outcome.summary.dateRange.end,
                  grain: outcome.summary.grain ?? "day",
                  lastPeriodMayBePartial: outcome.summary.lastPeriodMayBePartial,
                }}
                canGenerate={canGenerate}
              />
            </>
          ) : (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              <p className="font-medium">Nothing was imported from {outcome.fileName}.</p>
              <p className="mt-1">{outcome.message}</p>
            </div>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="secondary" onClick={() => goTo(2)}>
              Back
            </Button>
            {onFinished ? (
              <Button variant={outcome.ok ? "primary" : "secondary"} onClick={onFinished}>
                Done
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
