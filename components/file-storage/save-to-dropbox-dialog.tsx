"use client";

import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { Spinner } from "@/components/ui/spinner";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useDropboxConnection, useDropboxFolders, useSaveToDropbox } from "@/lib/hooks/use-file-storage";
import type { ExportFormatKey, ExportSelectionInput } from "@/lib/validation/exports";
import { ConnectDropboxLink } from "./connect-dropbox-link";
import { canWriteInto, DropboxFolderPicker } from "./dropbox-folder-picker";

const FORMATS: { key: ExportFormatKey; label: string }[] = [
  { key: "pptx", label: "PowerPoint (.pptx)" },
  { key: "xlsx", label: "Excel (.xlsx)" },
];
/**
 * Saves a report, a tag or a selection to a folder of the user's Dropbox. The folder picker opens
 * folders one level at a time (business accounts start at the team root, with their member folder,
 * the team folders and the writable shared folders); the file is saved in the folder being shown.
 */
export function SaveToDropboxDialog({
  open,
  onClose,
  projectId,
  selection,
}: {
  open: boolean;
  onClose: () => void;
  projectId: string;
  selection: ExportSelectionInput;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Save to Dropbox" className="max-w-xl">
      <SaveForm projectId={projectId} selection={selection} onDone={onClose} />
    </Dialog>
  );
}

function SaveForm({
  projectId,
  selection,
  onDone,
}: {
  projectId: string;
  selection: ExportSelectionInput;
  onDone: () => void;
}) {
  const alerts = useAlerts();
  const connection = useDropboxConnection();
  const connected = connection.data?.connected === true;
  const [path, setPath] = useState("");
  const [format, setFormat] = useState<ExportFormatKey>("pptx");
  const folders = useDropboxFolders(path, connected);
  const save = useSaveToDropbox(projectId);
  const [error, setError] = useState<string | null>(null);
  const isTeam = connection.data?.accountType === "business";
  // A team space's top is not a folder anyone writes into: business users pick a folder first.
  const canSaveHere = connected && canWriteInto(path, isTeam);

  if (connection.isPending) return <Spinner className="size-5" />;
  if (!connected) {
    // After a dead token the last failure says why the connection is gone.
    const why = error ?? (folders.error ? toApiError(folders.error).message : null);
    return (
      <div className="space-y-3 text-sm text-slate-700">
        {why ? <FormError message={why} /> : null}
        <p>Connect your Dropbox account to save reports into its folders. You come back here afterwards.</p>
        <ConnectDropboxLink />
      </div>
    );
  }

  const submit = async () => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ ...selection, format, folder: path });
      alerts.success(saved.message);
      onDone();
    } catch (raw) {
      setError(toApiError(raw).message);
    }
  };

  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-700">
        Connected as <strong>{connection.data?.email}</strong> ({connection.data?.accountType} account)
      </p>
      <fieldset>
        <legend className="font-medium text-slate-900">Format</legend>
        <div className="mt-1 flex gap-4">
          {FORMATS.map((f) => (
            <label key={f.key} className="flex items-center gap-2">
              <input
                type="radio"
                name="dropbox-format"
                value={f.key}
                checked={format === f.key}
                onChange={() => setFormat(f.key)}
              />
              {f.label}
            </label>
          ))}
        </div>
      </fieldset>

      <DropboxFolderPicker path={path} onPathChange={setPath} isTeam={isTeam} />

      {error ? <FormError message={error} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button loading={save.isPending} disabled={!canSaveHere} onClick={() => void submit()}>
          Save here
        </Button>
      </div>
    </div>
  );
}
