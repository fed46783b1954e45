import { GRAIN_WORDS, type Grain } from "../csv-import/grain";

// A report's key figures are each read from one data source (lib/insights/pick-source.ts), and a project may hold a
// daily source beside a weekly or monthly one (a Shopify export by week, Search Console by day): a weekly source's
// figure is the sum of its weeks, its sparkline a point a week. When the figures do not share one grain, the report
// says which come from which (issue 55), so a weekly total is not read as a sum of days.

const ORDER: Grain[] = ["day", "week", "month"];

const names = (labels: string[]) =>
  labels.length <= 1 ? labels.join("") : `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;

/** Which of the figures are daily and which weekly or monthly totals; null when they all share one grain. */
export function mixedGrainNote(
  kpis: readonly { metric: string; grain?: Grain }[],
  label: (metric: string) => string,
): string | null {
  const grainOf = (k: { grain?: Grain }) => k.grain ?? "day";
  const grains = ORDER.filter((g) => kpis.some((k) => grainOf(k) === g));
  if (grains.length < 2) return null;
  const parts = grains.map((grain) => {
    const these = kpis.filter((k) => grainOf(k) === grain).map((k) => label(k.metric));
    const verb = these.length === 1 ? "is" : "are";
    if (grain === "day") return `${names(these)} ${verb} daily`;
    const { adjective, noun } = GRAIN_WORDS[grain];
    return `${names(these)} ${verb} ${adjective}: from a ${adjective} data source, each ${noun} a total, a point a ${noun}`;
  });
  return `${parts.join("; ")}.`;
}
