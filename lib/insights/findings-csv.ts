// An insight's evidence as a CSV file (the `download` link of the insight detail page): one row per
// finding with every field of the fixed finding shape, RFC 4180 quoting, UTF-8 with a BOM so
// spreadsheet programs read accents right.
import type { Insight, InsightFinding } from "../api-client/types";

const COLUMNS: (keyof InsightFinding)[] = [
  "kind",
  "metric",
  "dimension",
  "dimensionValue",
  "periodStart",
  "periodEnd",
  "current",
  "baseline",
  "change",
  "changePct",
  "expectedLow",
  "expectedHigh",
  "confidence",
  "direction",
  "narrative",
];

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = Array.isArray(value)
    ? value.join("; ")
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);
  // A text starting with = + - @ would run as a formula in a spreadsheet: prefix it (OWASP CSV injection).
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The CSV text: the intention's columns first (so rows stand alone), then the finding's fields, then any extra
 * fields.
 */
export function findingsToCsv(insight: Pick<Insight, "intention" | "title" | "findings" | "summary">): string {
  const extras = [
    ...new Set(
      insight.findings.flatMap((f) => Object.keys(f)).filter((k) => !COLUMNS.includes(k as keyof InsightFinding)),
    ),
  ].sort();
  const header = ["intention", "question", ...COLUMNS, ...extras];
  const lines = [header.map(cell).join(",")];
  if (insight.findings.length === 0) {
    lines.push(
      [insight.intention.key, insight.intention.question, ...COLUMNS.map(() => ""), ...extras.map(() => "")]
        .map(cell)
        .join(","),
    );
  }
  for (const finding of insight.findings) {
    const record = finding as unknown as Record<string, unknown>;
    lines.push(
      [
        insight.intention.key,
        insight.intention.question,
        ...COLUMNS.map((c) => record[c]),
        ...extras.map((c) => record[c]),
      ]
        .map(cell)
        .join(","),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** A file name from the insight's title: letters, digits and dashes only. */
export function csvFileName(title: string): string {
  const base = title
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `Funnelwise-Insight-${base || "export"}.csv`;
}
