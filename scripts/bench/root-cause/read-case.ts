import fs from "node:fs";
import readline from "node:readline";
import zlib from "node:zlib";
import type { LeafTable } from "../../../server/insights/attribute/root-cause/types";

// One benchmark case (`<case_id>.csv.gz`: dimension columns, then real and predict) streamed
// through gunzip into a LeafTable: the dimension values become integer codes as the rows arrive,
// so a case costs its typed arrays (about 2 MB for 48,000 leaves), never the text.

export async function readCase(file: string): Promise<LeafTable> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file).pipe(zlib.createGunzip()),
    crlfDelay: Infinity,
  });
  let header: string[] | undefined;
  let dims = 0;
  let realAt = -1;
  let predictAt = -1;
  let dimColumns: number[] = [];
  let lookups: Map<string, number>[] = [];
  const codes: number[][] = [];
  const actual: number[] = [];
  const expected: number[] = [];
  for await (const line of lines) {
    if (line === "") continue;
    const cells = line.split(",");
    if (!header) {
      header = cells;
      realAt = cells.indexOf("real");
      predictAt = cells.indexOf("predict");
      if (realAt < 0 || predictAt < 0) throw new Error(`${file}: no real and predict columns`);
      dimColumns = cells.map((_, i) => i).filter((i) => i !== realAt && i !== predictAt);
      dims = dimColumns.length;
      lookups = dimColumns.map(() => new Map());
      for (let d = 0; d < dims; d++) codes.push([]);
      continue;
    }
    for (let d = 0; d < dims; d++) {
      const value = cells[dimColumns[d]];
      let code = lookups[d].get(value);
      if (code === undefined) lookups[d].set(value, (code = lookups[d].size));
      codes[d].push(code);
    }
    actual.push(Number(cells[realAt]));
    expected.push(Number(cells[predictAt]));
  }
  if (!header) throw new Error(`${file}: empty`);
  return {
    dimensions: dimColumns.map((i) => header![i]),
    values: lookups.map((m) => [...m.keys()]),
    codes: codes.map((c) => Int32Array.from(c)),
    actual: Float64Array.from(actual),
    expected: Float64Array.from(expected),
  };
}
