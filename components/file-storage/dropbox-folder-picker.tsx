"use client";

import { FormError } from "@/components/ui/form-error";
import { Spinner } from "@/components/ui/spinner";
import type { DropboxFolder } from "@/lib/api-client/file-storage";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useDropboxFolders } from "@/lib/hooks/use-file-storage";

const KIND_LABELS: Record<DropboxFolder["kind"], string> = { own: "", team: "Team folder", shared: "Shared folder" };

/** "/A/B" → [{ name: "A", path: "/A" }, { name: "B", path: "/A/B" }]. */
function crumbs(path: string) {
  const parts = path.split("/").filter(Boolean);
  return parts.map((name, i) => ({ name, path: `/${parts.slice(0, i + 1).join("/")}` }));
}

/** A business account's team space top is not a folder anyone writes into: a folder must be opened first. */
export const canWriteInto = (path: string, isTeam: boolean) => !(isTeam && path === "");

/**
 * The Dropbox folder picker: folders open one level at a time (business accounts start at the team
 * root, with their member folder, the team folders and the writable shared folders); the folder
 * being shown is the one chosen. Used by "Save to Dropbox" and by Dropbox schedules.
 */
export function DropboxFolderPicker({
  path,
  onPathChange,
  isTeam,
  label = "Saving into",
}: {
  path: string;
  onPathChange: (path: string) => void;
  isTeam: boolean;
  label?: string;
}) {
  const folders = useDropboxFolders(path, true);
  const listError = folders.error ? toApiError(folders.error).message : null;
  return (
    <div>
      <p className="font-medium text-slate-900">Folder</p>
      <nav aria-label="Dropbox folder path" className="mt-1 flex flex-wrap items-center gap-1 text-slate-700">
        <button type="button" className="underline underline-offset-2" onClick={() => onPathChange("")}>
          Dropbox
        </button>
        {crumbs(path).map((c) => (
          <span key={c.path} className="flex items-center gap-1">
            <span aria-hidden="true">/</span>
            <button type="button" className="underline underline-offset-2" onClick={() => onPathChange(c.path)}>
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
          <p className="p-3 text-slate-600">
            No folders you can write to here. Save into this folder, or go back up with the path above.
          </p>
        ) : (
          <ul aria-label="Folders" className="divide-y divide-slate-100">
            {folders.data.folders.map((f) => (
              <li key={f.path}>
                <button
                  type="button"
                  onClick={() => onPathChange(f.path)}
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
        {label}: <strong>{path || "/"}</strong>
        {!canWriteInto(path, isTeam) ? (
          <span className="text-slate-600"> (open a folder of the team space first)</span>
        ) : null}
      </p>
    </div>
  );
}
