"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { ScheduleLink } from "@/components/schedules/schedule-link";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import { downloadExport } from "@/lib/api-client/download";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import {
  DEFAULT_REPORT_CONTENTS,
  REPORT_CONTENTS,
  REPORT_CONTENTS_LABELS,
  type ReportContents,
} from "@/lib/insights/report-document";
import type { ExportFormatKey, ExportSelectionInput } from "@/lib/validation/exports";

// The email and Dropbox dialogs (forms, validation, folder picker) load after the report itself:
// until then their buttons show, disabled, in the same place.
const loadingButton = (label: string) =>
  function LoadingButton() {
    return (
      <Button size="sm" variant="secondary" disabled>
        {label}
      </Button>
    );
  };
const SaveToDropboxButton = dynamic(
  () => import("@/components/file-storage/save-to-dropbox-button").then((m) => m.SaveToDropboxButton),
  { loading: loadingButton("Save to Dropbox") },
);
const EmailReportButton = dynamic(
  () => import("@/components/deliveries/email-report-dialog").then((m) => m.EmailReportButton),
  { loading: loadingButton("Email") },
);

const LABELS: Record<ExportFormatKey, string> = { pptx: "PowerPoint", xlsx: "Excel" };

/**
 * Download buttons for the PowerPoint and Excel exports of a report, a tag or a selection, and
 * "Save to Dropbox" for the same. Each shows its own progress; a refusal (an empty report, a lost
 * access) is shown beside them. A report or a tag goes out as its significant findings (one line for what found
 * nothing) unless "Everything checked" is chosen; insights chosen by hand go out as chosen.
 */
export function ExportButtons({
  projectId,
  selection: chosen,
  label = "Download",
  size = "sm",
  disabled = false,
}: {
  projectId: string;
  selection: ExportSelectionInput;
  label?: string;
  size?: "sm" | "md";
  disabled?: boolean;
}) {
  const alerts = useAlerts();
  const [busy, setBusy] = useState<ExportFormatKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [contents, setContents] = useState<ReportContents>(DEFAULT_REPORT_CONTENTS);
  const byHand = chosen.insightIds !== undefined;
  const selection: ExportSelectionInput = byHand ? chosen : { ...chosen, contents };

  const download = async (format: ExportFormatKey) => {
    setBusy(format);
    setError(null);
    try {
      const fileName = await downloadExport(projectId, format, selection);
      alerts.success(`${fileName} downloaded`);
    } catch (raw) {
      setError(toApiError(raw).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`${label} as a file`}>
      {byHand ? null : (
        <Select
          aria-label="What the files hold"
          compact
          value={contents}
          onChange={(e) => setContents(e.target.value as ReportContents)}
        >
          {REPORT_CONTENTS.map((c) => (
            <option key={c} value={c}>
              {REPORT_CONTENTS_LABELS[c]}
            </option>
          ))}
        </Select>
      )}
      {(["pptx", "xlsx"] as const).map((format) => (
        <Button
          key={format}
          size={size}
          variant="secondary"
          disabled={disabled || (busy !== null && busy !== format)}
          loading={busy === format}
          onClick={() => void download(format)}
        >
          {`${label} ${LABELS[format]}`}
        </Button>
      ))}
      <SaveToDropboxButton projectId={projectId} selection={selection} size={size} disabled={disabled} />
      <EmailReportButton projectId={projectId} selection={selection} size={size} disabled={disabled} />
      <ScheduleLink projectId={projectId} selection={selection} />
      {error ? (
        <p role="alert" className="basis-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
