import { CsvParser, CsvSyntaxError, type Separator } from "./csv-parser";

/** A line of a file as the reading sees it: a record of cells, a `#` comment, or an empty line. */
export type Item =
  | { kind: "record"; line: number; fields: string[] }
  | { kind: "comment"; line: number; text: string }
  | { kind: "blank"; line: number };

const CANDIDATES: Separator[] = [",", ";", "\t"];

/**
 * The column separator of a file from its first lines: the one that splits the most lines into the same number of
 * cells (a table's lines all have as many), counted outside quotes. A title or date range line above the header
 * ("January 1, 2024 - January 31, 2024" in a tab-separated file) does not decide it, as the first line with any
 * separator would.
 */
export function sniffSeparator(text: string): Separator {
  const lines = text
    .slice(0, 64 * 1024)
    .split(/\r\n|\n|\r/)
    .filter((l) => l !== "" && !l.startsWith("#"))
    .slice(0, 60);
  let best: Separator = ",";
  let bestScore = 0;
  for (const separator of CANDIDATES) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      const n = countOutsideQuotes(line, separator);
      if (n > 0) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    // Lines at the most common count, weighted a little by the count (a table of more columns wins a tie).
    let score = 0;
    for (const [n, lines] of counts) score = Math.max(score, lines + Math.min(n, 50) / 100);
    if (score > bestScore) {
      best = separator;
      bestScore = score;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, separator: string): number {
  let n = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === separator) n++;
  }
  return n;
}

export interface ReadItems {
  items: Item[];
  /** A syntax error past the items read (an unclosed quote at the sample's end is not one when it is cut off). */
  error: CsvSyntaxError | null;
}

/**
 * The lines of `text` as items. `complete`: `text` is the whole file (otherwise a record cut off at its end is left
 * out). A syntax error stops the reading there; what came before is kept. `comments: false`: a `#` line is a record.
 */
export function readItems(
  text: string,
  separator: Separator,
  complete: boolean,
  maxRecords = Infinity,
  { comments = true }: { comments?: boolean } = {},
): ReadItems {
  const items: Item[] = [];
  let records = 0;
  const parser = new CsvParser(
    (fields, line) => {
      if (records++ < maxRecords) items.push({ kind: "record", line, fields });
    },
    {
      separator,
      onComment: (text, line) => items.push({ kind: "comment", line, text }),
      onBlank: (line) => items.push({ kind: "blank", line }),
      comments,
    },
  );
  try {
    parser.write(text);
    if (complete) parser.end();
    return { items, error: null };
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { items, error };
    throw error;
  }
}
