"use client";

import { useState, type DragEvent } from "react";
import { cn } from "@/components/ui/cn";
import type { ControlAria } from "@/components/ui/form-field";

interface CsvFileDropProps {
  aria: ControlAria;
  disabled?: boolean;
  onFile: (file: File | null) => void;
}

/**
 * A file input inside a drop zone: the input itself stays the control (focusable, opens the
 * picker with Enter or Space, labelled by the field), and a file dropped anywhere on the zone is
 * taken as if picked.
 */
export function CsvFileDrop({ aria, disabled, onFile }: CsvFileDropProps) {
  const [over, setOver] = useState(false);
  const onDrag = (event: DragEvent<HTMLDivElement>, entering: boolean) => {
    event.preventDefault();
    if (!disabled) setOver(entering);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files?.[0];
    if (dropped) onFile(dropped);
  };
  return (
    <div
      data-testid="csv-drop-zone"
      onDragEnter={(e) => onDrag(e, true)}
      onDragOver={(e) => onDrag(e, true)}
      onDragLeave={(e) => onDrag(e, false)}
      onDrop={onDrop}
      className={cn(
        "rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm transition-colors",
        over ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white",
      )}
    >
      <p className="mb-2 text-slate-700">Drop an export (CSV or .xlsx) here, or choose it:</p>
      <input
        {...aria}
        type="file"
        accept=".csv,text/csv,.txt,.tsv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        disabled={disabled}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        className="mx-auto block text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
      />
    </div>
  );
}
