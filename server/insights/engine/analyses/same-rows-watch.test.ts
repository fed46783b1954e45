import { describe, expect, it } from "vitest";
import type { Dimension } from "@/lib/insights/metrics";
import { ProjectData, type SegmentRow } from "../../data/project-data";
import { segmentDailySeries } from "../../data/segment-daily";
import { generateProject } from "../../synthetic/generate-project";
import { eventFound } from "../../synthetic/score";
import type { EngineInput } from "../types";
import { runEngine } from "../run-engine";

// An export whose medium is its channel under another name (Channel “Email” is Medium “email”, day for day, as one
// newsletter's rows are). Each channel's series is watched, tested and told once, naming its medium; the mediums add
// no test to the report-wide FDR's count. Seed 6 plants a one-day spike in one channel.

const medium = (channel: string) => channel.toLowerCase().replace(/ /g, "-");

/** The generated shop with a medium for each channel, holding the channel's rows. */
function withMediums(input: EngineInput): EngineInput {
  const rows: SegmentRow[] = [];
  for (const { sourceId } of input.data.sources)
    for (const dimension of input.data.loadedDimensions) {
      const copies: Dimension[] = dimension === "channel" ? ["channel", "medium"] : [dimension];
      for (const segment of input.data.sourceSegments(sourceId, dimension))
        for (const as of copies)
          for (const current of [true, false]) {
            const values = current ? segment.current : segment.baseline;
            if (!values) continue;
            const value = as === "medium" ? medium(segment.value) : segment.value;
            rows.push({ sourceId, dimension: as, value, current, combos: 3, values });
          }
    }
  const data = new ProjectData(input.window, input.data.sources, rows, [...input.data.loadedDimensions, "medium"]);
  const series = input.segmentDaily.series.flatMap((s) =>
    s.dimension === "channel" ? [s, segmentDailySeries({ ...s, dimension: "medium", value: medium(s.value) })] : [s],
  );
  return { ...input, data, segmentDaily: { ...input.segmentDaily, series } };
}

describe("the segment watch and the same rows through two dimensions", () => {
  it("tests each series once and names the other dimension's segment in its finding", () => {
    const { input, event } = generateProject(6, true);
    expect(event).toMatchObject({ kind: "spike", dimension: "channel" });
    const alone = runEngine(input);
    const both = runEngine(withMediums(input));
    expect(eventFound(both, event!)).toBe(true);
    // No intention breaks a total down by medium, and the watch adds no test for them.
    expect(both.tests).toBe(alone.tests);
    const spike = both.insights
      .find((i) => i.intentionKey === "segment_anomalies")!
      .findings.find((f) => f.dimensionValue === event!.value);
    expect(spike?.sameRowsAs).toEqual([{ dimension: "medium", dimensionValue: medium(event!.value!) }]);
    const segments = both.insights.filter((i) => i.intentionKey.startsWith("segment_")).flatMap((i) => i.findings);
    expect(segments.filter((f) => f.dimension === "medium")).toEqual([]);
    expect(both.insights.find((i) => i.intentionKey === "segment_anomalies")!.summary).toContain(
      `Medium “${medium(event!.value!)}”`,
    );
  });
});
