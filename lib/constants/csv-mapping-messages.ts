// Messages of the CSV column mapping, shown under a column's choice in the upload preview and,
// prefixed with the line and column, by the importer.
export const CSV_MAPPING_MESSAGES = {
  noDate: "Choose the column that holds the date",
  noMetric: "Choose at least one column that holds a metric (sessions, clicks, revenue...)",
  taken: (label: string, other: string) => `${label} is already taken by the column ${other}`,
  derived: (label: string, inputs: string[]) =>
    `${label} is computed from ${inputs.join(" and ")}, so it cannot be imported: choose Ignore, and map ${inputs.join(" and ")} if the file has them`,
  unknownTarget: (target: string) => `"${target}" is not a date, dimension or metric of the catalogue`,
  positionNeedsImpressions: "Average position needs an impressions column: it is averaged by impressions",
  notInMapping: "the column is not in the column mapping: choose what it holds, or Ignore",
  percentForCount: (value: string, label: string) =>
    `"${value}" is a percentage, but ${label} is not a rate: map this column to the right metric or Ignore it`,
  ambiguousDates: "Dates like 03/04/2026 can be read two ways: choose the order your file uses",
} as const;
