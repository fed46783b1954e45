import { describe, expect, it } from "vitest";
import { RepeatedRowWatch } from "./repeated-rows";

describe("RepeatedRowWatch", () => {
  it("tells a day and combination seen twice, whatever came between", () => {
    const watch = new RepeatedRowWatch();
    for (const date of ["2026-03-01", "2026-03-02"]) for (let c = 0; c < 1000; c++) watch.see(date, c);
    expect(watch.repeated).toBe(false);
    watch.see("2026-03-03", 999);
    watch.see("2026-03-01", 0);
    expect(watch).toMatchObject({ repeated: true, complete: true });
  });

  it("gives up past its bytes, and then no longer tells", () => {
    const watch = new RepeatedRowWatch(64);
    watch.see("2026-03-01", 7);
    watch.see("2026-03-01", 8 * 64);
    expect(watch.complete).toBe(false);
    watch.see("2026-03-01", 7);
    expect(watch.repeated).toBe(false);
  });
});
