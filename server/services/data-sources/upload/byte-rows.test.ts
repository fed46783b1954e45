import { describe, expect, it } from "vitest";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { CsvParser } from "@/lib/csv-import/csv-parser";
import type { CsvMapping } from "@/lib/validation/csv-mapping";
import { ByteRowReader } from "./byte-rows";
import { layoutMetricColumns, readHeader, RowEncoder, type CsvLayout } from "./csv-layout";
import { UploadRollupSums } from "./rollup-sums";

/** What an import makes of a file: its COPY text, what the encoder kept, and the rollup sums; or its error. */
interface Outcome {
  copy: string;
  rows: number;
  dates: string[];
  skippedTotals: number;
  daily: string;
  segments: string;
}

function start(text: string, mapping?: CsvMapping) {
  let layout: CsvLayout | undefined;
  let encoder: RowEncoder | undefined;
  const copy: string[] = [];
  const parser = new CsvParser((fields, line) => {
    if (!layout) {
      layout = readHeader(fields, line, { mapping });
      const sums = new UploadRollupSums(layoutMetricColumns(layout));
      encoder = new RowEncoder(layout, sums, undefined, parser.separatorChar === ";");
      return;
    }
    copy.push(encoder!.encode(fields, line));
  });
  // The header line, as the import reads it before the rows.
  parser.write(text.slice(0, text.indexOf("\n") + 1));
  return { parser, copy, layout: () => layout!, encoder: () => encoder! };
}

function outcome(copy: string[], encoder: RowEncoder): Outcome {
  copy.push(encoder.finish());
  return {
    copy: copy.join(""),
    rows: encoder.rows,
    dates: [...encoder.dates].sort(),
    skippedTotals: encoder.totalsRows.length,
    daily: encoder.rollupSums!.dailyCopy(),
    segments: encoder.rollupSums!.segmentCopy(),
  };
}

/** The text path alone: the CSV parser and `RowEncoder.encode` on every row (as imports read before). */
function viaText(bytes: Buffer, mapping?: CsvMapping): Outcome | string {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    if (text.includes("\u0000")) return M.notCsv;
    const run = start(text, mapping);
    run.parser.write(text.slice(text.indexOf("\n") + 1));
    run.parser.end();
    return outcome(run.copy, run.encoder());
  } catch (error) {
    if (error instanceof TypeError) return "not UTF-8";
    return (error as Error).message;
  }
}

/** The reader, given the rows in slices that end at line breaks (as the import cuts them). */
function viaBytes(bytes: Buffer, slices: (length: number) => number[], mapping?: CsvMapping): Outcome | string {
  try {
    const headerEnd = bytes.indexOf(10) + 1;
    const run = start(bytes.toString("utf8", 0, headerEnd), mapping);
    const parser = run.parser;
    const out: Buffer[] = [];
    const reader = new ByteRowReader(
      run.layout(),
      run.encoder(),
      parser.separatorChar.charCodeAt(0),
      parser.separatorChar === ";",
      {
        parse: (text) => {
          parser.write(text);
          for (const line of run.copy.splice(0)) out.push(Buffer.from(line));
        },
        get line() {
          return parser.currentLine;
        },
        set line(line) {
          if (line !== parser.currentLine) parser.skipLines(line - parser.currentLine);
        },
        atRecordStart: () => parser.atRecordStart,
        emit: (chunk) => out.push(Buffer.from(chunk)),
      },
    );
    let at = headerEnd;
    for (const length of slices(bytes.length - headerEnd)) {
      let to = Math.min(bytes.length, at + length);
      const lineBreak = bytes.indexOf(10, to - 1);
      to = lineBreak === -1 ? bytes.length : lineBreak + 1;
      if (to <= at) continue;
      reader.read(bytes, at, to);
      reader.flush();
      at = to;
    }
    if (at < bytes.length) reader.read(bytes, at, bytes.length);
    reader.flush();
    parser.end();
    for (const line of run.copy.splice(0)) out.push(Buffer.from(line));
    return { ...outcome([], run.encoder()), copy: Buffer.concat(out).toString("utf8") + run.encoder().finish() };
  } catch (error) {
    return (error as Error).message;
  }
}

const whole = (length: number) => [length];
const lineByLine = (length: number) => Array.from({ length }, () => 1);
function randomSlices(seed: number) {
  let state = seed;
  const next = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) % 97) + 1;
  return (length: number) => {
    const out: number[] = [];
    for (let sum = 0; sum < length;) {
      const n = next();
      out.push(n);
      sum += n;
    }
    return out;
  };
}

function expectSame(csv: string | Buffer, mapping?: CsvMapping) {
  const bytes = typeof csv === "string" ? Buffer.from(csv, "utf8") : csv;
  const expected = viaText(bytes, mapping);
  for (const slices of [whole, lineByLine, randomSlices(1), randomSlices(7)])
    expect(viaBytes(bytes, slices, mapping)).toEqual(expected);
  return expected;
}

const HEADER = "date,channel,device,sessions,revenue\n";

describe("ByteRowReader", () => {
  it("writes the COPY text, rows, days and rollup sums the text path writes, however the file is sliced", () => {
    const channels = ["Email", "Organic Search", "Paid, Social", "Köln", "Cafe\u0301", "Café", ""];
    const devices = ["mobile", "desktop", '"tablet"'];
    const cells = ["12", "0", "", "3.50", "-0", ".5", "5.", "1234567890123", "0.1234567890123456789", "1e3"];
    let body = "";
    let seed = 3;
    const pick = <T>(list: T[]) => list[(seed = (Math.imul(seed, 48271) + 11) >>> 0) % list.length];
    for (let day = 1; day <= 20; day++) {
      const date = `2024-02-${String(day).padStart(2, "0")}`;
      for (let row = 0; row < 15; row++) {
        const channel = pick(channels);
        const quoted = channel.includes(",") || pick([true, false, false]);
        body += `${pick([date, `"${date}"`])},${quoted ? `"${channel}"` : channel},${pick(devices)},${pick(cells.slice(0, 8))},${pick(cells)}${pick(["\n", "\r\n"])}`;
      }
    }
    const result = expectSame(HEADER + body);
    expect(typeof result === "object" && result.rows).toBeGreaterThan(200);
  });

  it("leaves to the parser what only it reads, and reads the rest itself: the same rows either way", () => {
    const lines = [
      "2024-01-01,Email,mobile,1,2",
      '2024-01-01,"Brand ""X""",mobile,1,2',
      '2024-01-01,"two\nlines",mobile,1,2',
      '2024-01-01,"two\r\nlines",desktop,1,2',
      "",
      "# a comment, with, commas",
      "\r",
      "2024-01-02,Email,mobile,0,0",
      '2024-01-02,Email,mobile,"1,234","$12.50"',
      "2024-01-02,Email,mobile, 7 ,+5",
      '2024-01-02,Email,"mobile",--,',
      "2024-01-02,Email,mobile,3,-4.25",
      "Total,,,100,20",
      "2024-01-03,Email,mobile,1,2",
    ];
    expectSame(HEADER + lines.join("\n") + "\n");
    // The last line without a line break; CRLF throughout.
    expectSame(HEADER + lines.join("\r\n"));
  });

  it("says what is wrong with the same message and line", () => {
    const good = "2024-01-01,Email,mobile,1,2\n2024-01-01,Direct,mobile,1,2\n";
    for (const bad of [
      "2024-01-02,Email,mobile,1",
      "2024-01-02,Email,mobile,1,2,3",
      "2024-01-02,Email,mobile,-1,2",
      "2024-01-02,Email,mobile,abc,2",
      "2024-13-02,Email,mobile,1,2",
      '2024-01-02,"Email,mobile,1,2',
      '2024-01-02,"Email"x,mobile,1,2',
      "2024-01-02,Email,mobile,12%,2",
    ]) {
      const result = expectSame(HEADER + good + good.replace(/01-01/g, "01-03") + bad + "\n" + good);
      expect(typeof result).toBe("string");
    }
  });

  it("refuses bytes that are not UTF-8, or a NUL, on the line that has them", () => {
    const good = "2024-01-01,Email,mobile,1,2\n";
    const latin1 = Buffer.concat([
      Buffer.from(HEADER + good),
      Buffer.from("2024-01-01,K\xf6ln,mobile,1,2\n", "latin1"),
    ]);
    expect(viaBytes(latin1, whole)).toBe(M.notUtf8(3));
    const nul = Buffer.from(HEADER + good + "2024-01-01,Em\u0000ail,mobile,1,2\n");
    expect(viaBytes(nul, whole)).toBe(M.notCsv);
    expect(viaText(nul)).toBe(M.notCsv);
  });

  it("checks a column the mapping leaves out as text too", () => {
    const mapping: CsvMapping = {
      columns: [
        { header: "date", target: "date" },
        { header: "note", target: "ignore" },
        { header: "channel", target: "dimension:channel" },
        { header: "sessions", target: "metric:sessions" },
      ],
    };
    const csv = "date,note,channel,sessions\n2024-01-01,a,Email,1\n2024-01-01,é,Email,2\n2024-01-02,b,Email,3\n";
    expectSame(csv, mapping);
    const bad = Buffer.concat([
      Buffer.from("date,note,channel,sessions\n2024-01-01,a,Email,1\n"),
      Buffer.from("2024-01-01,\xe9,Email,2\n", "latin1"),
    ]);
    expect(viaBytes(bad, whole, mapping)).toBe(M.notUtf8(3));
  });

  it("reads decimal commas in a semicolon file as the text path does", () => {
    const lines = ["12,5", "1,234", "-3,25", "1.234,5", "0,5", "1234,567", "12", ",5", "12,"].map(
      (revenue, i) => `2024-03-0${(i % 3) + 1};Email;mobile;${i + 1};${revenue}`,
    );
    // Each day and combination seen first, so that the cells below are the reader's to read.
    const seen = ["2024-03-01", "2024-03-02", "2024-03-03"].map((date) => `${date};Email;mobile;0;0`);
    const csv = "date;channel;device;sessions;revenue\n" + [...seen, ...lines].join("\n") + "\n";
    // ",5" and "12," are not numbers there: both paths refuse the file on the same line.
    expect(expectSame(csv)).toMatch(/^Line 12/);
    expect(typeof expectSame(csv.replace(/.*;,5\n.*;12,\n/, ""))).toBe("object");
  });

  it("holds rows whose slashed dates read both ways until a later day tells the order", () => {
    const rows = ["03/04/2024", "03/04/2024", "05/04/2024", "13/04/2024", "03/04/2024"].map(
      (date, i) => `${date},Email,mobile,${i},1`,
    );
    const result = expectSame(HEADER + rows.join("\n") + "\n");
    expect(typeof result === "object" && result.dates).toEqual(["2024-04-03", "2024-04-05", "2024-04-13"]);
  });
});
