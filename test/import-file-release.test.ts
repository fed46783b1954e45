import { beforeEach, describe, expect, it } from "vitest";
import { importFile } from "@/server/services/data-sources/upload/import-file";
import { resetDatabase } from "@/test/db";
import { countObservations, uploadWorld } from "@/test/data-source-fixtures";

// A file refused on its start, or part way, lets go of the upload's chunks at once. The upload handler
// (server/http/file-upload.ts) drains the rest of the body after a refusal, and a stream whose iterator is left waiting
// does not drain: the answer then came only when the drain gave up, a minute later (a 440 KB Meta export refused on
// its first row took 60 s).

/** The chunks of `text`, and whether the reader let go of them (returned, or read to the end). */
function chunks(text: string, size = 16 * 1024) {
  const state = { released: false, read: 0 };
  async function* generate() {
    try {
      for (let i = 0; i < text.length; i += size) {
        state.read++;
        yield Buffer.from(text.slice(i, i + size), "utf8");
      }
    } finally {
      state.released = true;
    }
  }
  return { iterable: generate(), state };
}

const days = (n: number, cell: (i: number) => string) => Array.from({ length: n }, (_, i) => cell(i)).join("\n") + "\n";
const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

describe("importFile lets go of the upload's chunks", () => {
  beforeEach(resetDatabase);

  it("when the file is refused on its start (a Meta export whose rows each sum a year)", async () => {
    const { project, sourceId } = await uploadWorld();
    const text =
      '"Reporting starts","Reporting ends","Ad name","Amount spent (USD)",Impressions\n' +
      days(20_000, (i) => `2024-01-01,2024-12-31,"Ad ${i}",${i % 50}.25,${i * 3}`);
    const { iterable, state } = chunks(text);
    await expect(importFile(iterable, { dataSourceId: sourceId, projectId: project.id })).rejects.toThrow(
      /each row sums 366 days/,
    );
    expect(state.released).toBe(true);
    expect(state.read).toBeLessThan(text.length / (16 * 1024));
  });

  it("when a row part way is refused, and nothing is written", async () => {
    const { project, sourceId } = await uploadWorld();
    const rows = Array.from({ length: 40_000 }, (_, i) => `${day(i % 3000)},Campaign ${Math.floor(i / 3000)},${i}`);
    rows[30_000] = "someday,Campaign 9,1";
    const text = `Date,Campaign,Sessions\n${rows.join("\n")}\n`;
    const { iterable, state } = chunks(text);
    await expect(importFile(iterable, { dataSourceId: sourceId, projectId: project.id })).rejects.toThrow(
      /Line 30002, column Date/,
    );
    expect(state.released).toBe(true);
    expect(await countObservations(sourceId)).toBe(0);
  });
});
