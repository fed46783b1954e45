"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { checkMapping, type MappingProblem } from "@/lib/csv-import/check-mapping";
import { detectDateOrder, hasSlashedDates, type DateOrder } from "@/lib/csv-import/parse-date";
import { proposeMapping, type ProposedColumn } from "@/lib/csv-import/propose-mapping";
import { CsvPreviewError, readPreview, type CsvPreview } from "@/lib/csv-import/read-preview";
import { repeatedRow } from "@/lib/csv-import/repeated-rows";
import type { CsvMapping } from "@/lib/validation/csv-mapping";

/** The start of the file read for the preview: enough for hundreds of rows, never the whole file. */
const PREVIEW_BYTES = 256 * 1024;

export interface CsvMappingState {
  preview: CsvPreview | null;
  /** Why the file cannot be previewed (not text, no header). */
  readError: string | null;
  columns: ProposedColumn[];
  targets: string[];
  problems: MappingProblem[];
  /** Slashed dates whose order the sampled values do not tell: the user chooses it. */
  needsDateOrder: boolean;
  dateOrder: DateOrder;
  setTarget: (column: number, target: string) => void;
  setDateOrder: (order: DateOrder) => void;
  /** The mapping to send with the file. */
  mapping: () => CsvMapping | undefined;
}

/**
 * The preview and column choices of a chosen CSV file: the first rows read in the browser with the
 * importer's parser, a mapping proposed from the known export names (and what this source used
 * last time), and the checks the importer makes, so problems show before anything is sent.
 */
export function useCsvMapping(file: File | null, remembered: CsvMapping | null | undefined): CsvMappingState {
  // What was read, for which file: a result for an earlier file (or none) shows as nothing.
  const [read, setRead] = useState<{
    file: File;
    preview: CsvPreview | null;
    readError: string | null;
    columns: ProposedColumn[];
  } | null>(null);
  const [chosenTargets, setChosenTargets] = useState<{ file: File; targets: string[] } | null>(null);
  const [chosenOrder, setChosenOrder] = useState<DateOrder>(remembered?.dateOrder ?? "mdy");

  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    file
      .slice(0, PREVIEW_BYTES)
      .text()
      .then((text) => {
        const preview = readPreview(text, { complete: file.size <= PREVIEW_BYTES });
        const columns = proposeMapping(preview.headers, remembered);
        if (cancelled) return;
        setRead({ file, preview, readError: null, columns });
        setChosenTargets({ file, targets: columns.map((c) => c.target) });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = error instanceof CsvPreviewError ? error.message : "The file could not be read as text";
        setRead({ file, preview: null, readError: message, columns: [] });
      });
    return () => {
      cancelled = true;
    };
  }, [file, remembered]);

  const current = read && read.file === file ? read : null;
  const preview = current?.preview ?? null;
  const readError = current?.readError ?? null;
  const columns = useMemo(() => current?.columns ?? [], [current]);
  const targets = useMemo(
    () => (chosenTargets && chosenTargets.file === file ? chosenTargets.targets : []),
    [chosenTargets, file],
  );

  const problems = useMemo(() => {
    if (!preview) return [];
    const found = checkMapping(preview.headers, targets);
    // Rows the importer would refuse as repeated, when the mapping itself is sound.
    const repeated = found.length === 0 ? repeatedRow(preview, targets) : null;
    return repeated ? [...found, repeated] : found;
  }, [preview, targets]);

  const dateValues = useMemo(() => {
    const index = targets.indexOf("date");
    return index === -1 || !preview ? [] : preview.rows.map((row) => row[index] ?? "");
  }, [preview, targets]);
  const detectedOrder = useMemo(() => detectDateOrder(dateValues), [dateValues]);
  const needsDateOrder = detectedOrder === null && hasSlashedDates(dateValues);
  const dateOrder = detectedOrder ?? chosenOrder;

  const setTarget = useCallback((column: number, target: string) => {
    setChosenTargets((chosen) =>
      chosen ? { ...chosen, targets: chosen.targets.map((t, i) => (i === column ? target : t)) } : chosen,
    );
  }, []);

  const mapping = useCallback((): CsvMapping | undefined => {
    if (!preview) return undefined;
    return {
      columns: preview.headers.map((header, i) => ({ header, target: targets[i] })),
      ...(needsDateOrder || detectedOrder ? { dateOrder } : {}),
    };
  }, [preview, targets, needsDateOrder, detectedOrder, dateOrder]);

  return {
    preview,
    readError,
    columns,
    targets,
    problems,
    needsDateOrder,
    dateOrder,
    setTarget,
    setDateOrder: setChosenOrder,
    mapping,
  };
}
