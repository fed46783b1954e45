"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { ExportSelectionInput } from "@/lib/validation/exports";
import { SaveToDropboxDialog } from "./save-to-dropbox-dialog";

export function SaveToDropboxButton({
  projectId,
  selection,
  size = "sm",
  disabled,
}: {
  projectId: string;
  selection: ExportSelectionInput;
  size?: "sm" | "md";
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="secondary" disabled={disabled} onClick={() => setOpen(true)}>
        Save to Dropbox
      </Button>
      <SaveToDropboxDialog open={open} onClose={() => setOpen(false)} projectId={projectId} selection={selection} />
    </>
  );
}
