import { describe, expect, it } from "vitest";
import { CsvParser, CsvSyntaxError } from "./csv-parser";

function parse(chunks: string[]) {
  const records: { fields: string[]; line: number }[] = [];
  const parser = new CsvParser((fields, line) => records.push({ fields, line }));
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return records;
}

/** Every way of cutting the text in two, so no state is lost at a chunk boundary. */
function everySplit(text: string) {
  const whole = parse([text]);
  for (let i = 1; i < text.length; i++) expect(parse([text.slice(0, i), text.slice(i)])).toEqual(whole);
  return whole;
}

describe("CsvParser", () => {
  it("reads RFC 4180: quoted commas, line breaks and doubled quotes, CRLF, with the line each record starts on", () => {
    const text =
      'date,campaign,sessions\r\n2024-01-01,"Spring, ""big"" sale",10\r\n2024-01-02,"two\r\nlines",3\r\n2024-01-03,,4';
    expect(everySplit(text)).toEqual([
      { fields: ["date", "campaign", "sessions"], line: 1 },
      { fields: ["2024-01-01", 'Spring, "big" sale', "10"], line: 2 },
      { fields: ["2024-01-02", "two\r\nlines", "3"], line: 3 },
      { fields: ["2024-01-03", "", "4"], line: 5 },
    ]);
  });

  it("skips # comment lines, blank lines and a byte order mark, and keeps # inside data", () => {
    const text =
      '\uFEFF# Analytics export\n# Start date: 20240101\n\ndate,page\n#\n2024-01-01,/a#b\n\n2024-01-02,"#x"\n';
    expect(everySplit(text)).toEqual([
      { fields: ["date", "page"], line: 4 },
      { fields: ["2024-01-01", "/a#b"], line: 6 },
      { fields: ["2024-01-02", "#x"], line: 8 },
    ]);
  });

  it("reads semicolon- and tab-separated files (a European spreadsheet's CSV, a copy-paste), commas then data", () => {
    expect(everySplit('# Export\ndate;revenue;campaign\n2024-01-01;1234,56;"Sale; spring"\n')).toEqual([
      { fields: ["date", "revenue", "campaign"], line: 2 },
      { fields: ["2024-01-01", "1234,56", "Sale; spring"], line: 3 },
    ]);
    expect(everySplit('"date"\t"sessions"\n2024-01-01\t12\n')).toEqual([
      { fields: ["date", "sessions"], line: 1 },
      { fields: ["2024-01-01", "12"], line: 2 },
    ]);
    // The separator is the header's: a comma file's semicolons are data.
    expect(parse(["date,campaign\n2024-01-01,a;b;c\n"])[1].fields).toEqual(["2024-01-01", "a;b;c"]);
    // Lines before the first separator (a report's title) are one field.
    expect(parse(['Campaign report\n"Nov 1, 2026 - Nov 30, 2026"\ndate;clicks\n'])).toEqual([
      { fields: ["Campaign report"], line: 1 },
      { fields: ["Nov 1, 2026 - Nov 30, 2026"], line: 2 },
      { fields: ["date", "clicks"], line: 3 },
    ]);
  });

  it("reads LF and lone CR line ends", () => {
    expect(everySplit("a,b\nc,d\re,f")).toEqual([
      { fields: ["a", "b"], line: 1 },
      { fields: ["c", "d"], line: 2 },
      { fields: ["e", "f"], line: 3 },
    ]);
  });

  it("refuses an unclosed quote and text after a closing quote, naming the line", () => {
    const lineOf = (text: string) => {
      try {
        parse([text]);
      } catch (error) {
        if (error instanceof CsvSyntaxError) return error.line;
      }
      return null;
    };
    expect(lineOf('a,b\n1,"open\n2,3\n')).toBe(2);
    expect(lineOf('a,b\n\n1,"x"y\n')).toBe(3);
  });
});
