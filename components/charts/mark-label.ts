// What a chart's marks are called on screen, in tooltips and in the charts' text summaries. Apart from
// the charts themselves, so a summary can name them without loading the chart library.
const MARK_LABELS: Record<string, string> = {
  spike: "Spike",
  drop: "Drop",
  level_shift: "Level shift",
  level_back: "Back to the level before",
  trend: "Trend change",
};

export const markLabel = (kind: string) => MARK_LABELS[kind] ?? kind.replaceAll("_", " ");
