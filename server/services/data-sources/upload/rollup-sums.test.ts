import { describe, expect, it } from "vitest";
import { UploadRollupSums } from "./rollup-sums";

describe("UploadRollupSums", () => {
  it("sums each day and each segment's day as SQL's sum would: empty cells add nothing, users only on one-row days", () => {
    const sums = new UploadRollupSums(["sessions", "users", "conversions"]);
    const email = sums.segmentId("channel", "Email");
    const direct = sums.segmentId("channel", "Direct");
    const desktop = sums.segmentId("device", "desk\ttop");
    sums.add("2026-03-01", [email, desktop], Float64Array.from([10, 8, NaN]));
    sums.add("2026-03-01", [direct, desktop], Float64Array.from([5, 4, 1]));
    sums.add("2026-03-02", [email, desktop], Float64Array.from([7, 6, NaN]));
    expect(sums.complete).toBe(true);
    expect(sums.dailyCopy()).toBe("2026-03-01\t2\t15\t\\N\t1\n2026-03-02\t1\t7\t6\t\\N\n");
    expect(sums.segmentColumns).toEqual(["sessions", "conversions"]);
    expect(sums.segmentCopy().split("\n").filter(Boolean).sort()).toEqual([
      "2026-03-01\tchannel\tDirect\t1\t5\t1",
      "2026-03-01\tchannel\tEmail\t1\t10\t\\N",
      "2026-03-01\tdevice\tdesk\\ttop\t2\t15\t1",
      "2026-03-02\tchannel\tEmail\t1\t7\t\\N",
      "2026-03-02\tdevice\tdesk\\ttop\t1\t7\t\\N",
    ]);
  });

  it("gives up past its cap of accumulators, and then keeps nothing more", () => {
    const sums = new UploadRollupSums(["sessions"], 3);
    for (let i = 0; i < 5; i++) sums.add("2026-03-01", [sums.segmentId("landing_page", `/p${i}`)], Float64Array.of(1));
    expect(sums.complete).toBe(false);
    expect(sums.segmentId("landing_page", "/later")).toBe(0);
    expect(sums.dailyCopy()).toBe("");
    expect(sums.segmentCopy()).toBe("");
  });
});
