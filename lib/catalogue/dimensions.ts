// Every dimension a project's data can be broken down by: its key (the CSV upload's column name and
// the API's value), the observation column it is stored in, and its name on screen.

export const DIMENSIONS = [
  { key: "channel", column: "channel", label: "Channel" },
  { key: "source", column: "source", label: "Source" },
  { key: "medium", column: "medium", label: "Medium" },
  { key: "campaign", column: "campaign", label: "Campaign" },
  { key: "device", column: "device", label: "Device" },
  { key: "country", column: "country", label: "Country" },
  { key: "landingPage", column: "landing_page", label: "Landing page" },
  { key: "page", column: "page", label: "Page" },
  { key: "query", column: "query", label: "Query" },
  { key: "keyword", column: "keyword", label: "Keyword" },
] as const satisfies readonly { key: string; column: string; label: string }[];

export type DimensionEntry = (typeof DIMENSIONS)[number];
export type Dimension = DimensionEntry["key"];

/** The dimension keys in catalogue order (the order combinations are hashed and segments listed in). */
export const DIMENSION_KEYS: readonly Dimension[] = DIMENSIONS.map((d) => d.key);

/** What findings compare by beside the stored dimensions: the competitor a comparison is against. */
const FINDING_DIMENSION_LABELS: Record<string, string> = { competitor: "Competitor" };

/** A dimension's name on screen; an unknown key is shown as it is. */
export const dimensionLabel = (key: string | null | undefined): string =>
  key ? (DIMENSIONS.find((d) => d.key === key)?.label ?? FINDING_DIMENSION_LABELS[key] ?? key) : "";

/** A dimension's label in lower case and plural, for a sentence: "queries", "landing pages", "channels". */
export const dimensionPlural = (key: string | null | undefined): string => {
  const label = dimensionLabel(key).toLowerCase();
  return /[^aeiou]y$/.test(label) ? `${label.slice(0, -1)}ies` : `${label}s`;
};
