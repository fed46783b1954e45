import { afterAll, describe, expect, it } from "vitest";
import { runEngine } from "../engine/run-engine";
import { generateProject } from "../synthetic/generate-project";
import {
  lastSegmentShare,
  startSegmentDetectorThread,
  stopSegmentDetectorThread,
  threadSegmentDetector,
} from "./segment-detector";

// The segment watch shared with a real worker thread gives the engine's report exactly as inline
// (the same findings, p-values, charts and test counts), whichever thread took which segment; with
// no thread running, the same detector computes inline.

const projects = [1, 2, 3, 4, 5, 6].map((seed) => generateProject(seed, true).input);

describe("segment detections on the detection thread", () => {
  afterAll(stopSegmentDetectorThread);

  it("starts the thread and gives every report exactly as the inline engine does", async () => {
    expect(await startSegmentDetectorThread()).toBe(true);
    let byThread = 0;
    for (const input of projects) {
      const inline = runEngine(input);
      const shared = runEngine(input, { segmentDetector: threadSegmentDetector() });
      expect(inline.insights.length).toBeGreaterThan(0);
      expect(JSON.stringify(shared)).toBe(JSON.stringify(inline));
      byThread += lastSegmentShare().thread;
    }
    // The thread did take segments (the engine works on the totals meanwhile, then joins in).
    expect(byThread).toBeGreaterThan(0);
  }, 60_000);

  it("computes inline once the thread is stopped", async () => {
    await stopSegmentDetectorThread();
    const input = projects[0];
    expect(JSON.stringify(runEngine(input, { segmentDetector: threadSegmentDetector() }))).toBe(
      JSON.stringify(runEngine(input)),
    );
  });
});
