"use client";

import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { Spinner } from "@/components/ui/spinner";
import type { DropboxFolder } from "@/lib/api-client/file-storage";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useDropboxConnection, useDropboxFolders, useSaveToDropbox } from "@/lib/hooks/use-file-storage";
import type { ExportFormatKey, ExportSelectionInput } from "@/lib/validation/exports";
import { ConnectDropboxLink } from "./connect-dropbox-link";

const FORMATS: { key: ExportFormatKey; label: string }[] = [
  { key: "pptx", label: "PowerPoint (.pptx)" },
  { key: "xlsx", label: "Excel (.xlsx)" },
];
const KIND_LABELS: Record<DropboxFolder["kind"], string> = { own: "", team: "Team folder", shared: "Shared folder" };

/** "/A/B" → [{ name: "A", path: "/A" }, { name: "B", path: "/A/B" }]. */
function crumbs(path: string) {
  const parts = path.split("/").filter(Boolean);
  return parts.map((name, i) => ({ name, path: `/${parts.slice(0, i + 1).join("/")}` }));
}

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
  const canSaveHere = connected && !(isTeam && path === "");

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

  const listError = folders.error ? toApiError(folders.error).message : null;
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

      <div>
        <p className="font-medium text-slate-900">Folder</p>
        <nav aria-label="Dropbox folder path" className="mt-1 flex flex-wrap items-center gap-1 text-slate-700">
          <button type="button" className="underline underline-offset-2" onClick={() => setPath("")}>
            Dropbox
          </button>
          {crumbs(path).map((c) => (
            <span key={c.path} className="flex items-center gap-1">
              <span aria-hidden="true">/</span>
              <button type="button" className="underline underline-offset-2" onClick={() => setPath(c.path)}>
                {c.name}
              </button>
            </span>
          ))}
        </nav>
        <div className="mt-2 max-h-64 overflow-y-auto rounded-md border border-slate-200">
          {folders.isPending ? (
            <p className="flex items-center gap-2 p-3 text-slate-600">
              <Spinner className="size-4" /> Loading folders…
            </p>
          ) : listError ? (
            <div className="p-3">
              <FormError message={listError} />
            </div>
          ) : !folders.data?.folders.length ? (
            <p className="p-3 text-slate-600">No folders you can write to here.</p>
          ) : (
            <ul aria-label="Folders" className="divide-y divide-slate-100">
              {folders.data.folders.map((f) => (
                <li key={f.path}>
                  <button
                    type="button"
                    onClick={() => setPath(f.path)}
                    className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left hover:bg-slate-50"
                    aria-label={`Open folder ${f.name}`}
                  >
                    <span className="font-medium text-slate-800">{f.name}</span>
                    {KIND_LABELS[f.kind] ? <span className="text-xs text-slate-500">{KIND_LABELS[f.kind]}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <p className="mt-2 text-slate-700" aria-live="polite">
          Saving into: <strong>{path || "/"}</strong>
          {!canSaveHere ? <span className="text-slate-600"> (open a folder of the team space first)</span> : null}
        </p>
      </div>

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
