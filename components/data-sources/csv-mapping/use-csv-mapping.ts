"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import type { MappingProblem } from "@/lib/csv-import/check-mapping";
import { hasSlashedDates, type DateOrder } from "@/lib/csv-import/parse-date";
import type { ProposedColumn } from "@/lib/csv-import/propose-mapping";
import { summingNote, type ExportReading } from "@/lib/csv-import/read-export";
import { planTable, tableProposal, type TablePlan } from "@/lib/csv-import/table-plan";
import type { CsvMapping } from "@/lib/validation/csv-mapping";
import { readFileStart } from "./read-file-start";

/** The table the preview shows: the header the import reads (tables merged by date), its first rows. */
export interface CsvPreview {
  headerLine: number;
  headers: string[];
  rows: string[][];
  lines: number[];
}

export interface CsvMappingState {
  preview: CsvPreview | null;
  /** The file as the importer reads it: tables, dates, grain, what is left out and why. */
  reading: ExportReading | null;
  /** Why the file cannot be imported (the reading's refusal) or read at all (not text). */
  readError: string | null;
  columns: ProposedColumn[];
  targets: string[];
  problems: MappingProblem[];
  /** The plan under the current choices: how each shown row reads (its period), and whether rows add up. */
  plan: TablePlan | null;
  /** What the preview tells about the file: its grain and dates, the tables left out, rows added up. */
  notes: string[];
  /** Slashed dates whose order the sampled values do not tell: the user chooses it. */
  needsDateOrder: boolean;
  dateOrder: DateOrder;
  setTarget: (column: number, target: string) => void;
  setDateOrder: (order: DateOrder) => void;
  /** The mapping to send with the file. */
  mapping: () => CsvMapping | undefined;
}

export function useCsvMapping(file: File | null, remembered: CsvMapping | null | undefined): CsvMappingState {
  // What was read, for which file: a result for an earlier file (or none) shows as nothing.
  const [read, setRead] = useState<{
    file: File;
    reading: ExportReading | null;
    readError: string | null;
    columns: ProposedColumn[];
  } | null>(null);
  const [chosenTargets, setChosenTargets] = useState<{ file: File; targets: string[] } | null>(null);
  const [chosenOrder, setChosenOrder] = useState<DateOrder>(remembered?.dateOrder ?? "mdy");

  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    readFileStart(file)
      .then((reading) => {
        if (cancelled) return;
        const table = reading.table;
        const columns = table ? tableProposal(table, remembered) : [];
        setRead({ file, reading, readError: reading.refusal, columns });
        setChosenTargets({ file, targets: columns.map((c) => c.target) });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = error instanceof Error && error.message ? error.message : "The file could not be read";
        setRead({ file, reading: null, readError: message, columns: [] });
      });
    return () => {
      cancelled = true;
    };
  }, [file, remembered]);

  const current = read && read.file === file ? read : null;
  const reading = current?.reading ?? null;
  const table = reading?.refusal ? null : (reading?.table ?? null);
  const preview = useMemo<CsvPreview | null>(
    () =>
      table ? { headerLine: table.headerLine, headers: table.headers, rows: table.rows, lines: table.lines } : null,
    [table],
  );
  const readError = current?.readError ?? null;
  const columns = useMemo(() => current?.columns ?? [], [current]);
  const targets = useMemo(
    () => (chosenTargets && chosenTargets.file === file ? chosenTargets.targets : []),
    [chosenTargets, file],
  );

  const dateValues = useMemo(() => {
    const index = targets.indexOf("date");
    return index === -1 || !table ? [] : table.rows.map((row) => row[index] ?? "");
  }, [table, targets]);
  const detectedOrder = table?.dateOrder ?? null;
  const needsDateOrder = detectedOrder === null && hasSlashedDates(dateValues);
  const dateOrder = detectedOrder ?? chosenOrder;

  const mapping = useCallback((): CsvMapping | undefined => {
    if (!table) return undefined;
    return {
      columns: table.headers.map((header, i) => ({ header, target: targets[i] })),
      ...(needsDateOrder || detectedOrder ? { dateOrder } : {}),
    };
  }, [table, targets, needsDateOrder, detectedOrder, dateOrder]);

  const { plan, problems } = useMemo(() => {
    if (!reading || !table || targets.length !== table.headers.length) return { plan: null, problems: [] };
    return planTable(reading, mapping());
  }, [reading, table, targets, mapping]);

  const notes = useMemo(() => {
    if (!reading || reading.refusal) return [];
    return plan?.summed ? [...reading.notes, summingNote(plan.summed)] : reading.notes;
  }, [reading, plan]);

  const setTarget = useCallback((column: number, target: string) => {
    setChosenTargets((chosen) =>
      chosen ? { ...chosen, targets: chosen.targets.map((t, i) => (i === column ? target : t)) } : chosen,
    );
  }, []);

  return {
    preview,
    reading,
    readError,
    columns,
    targets,
    problems,
    plan,
    notes,
    needsDateOrder,
    dateOrder,
    setTarget,
    setDateOrder: setChosenOrder,
    mapping,
  };
}
