import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { describe, expect, it } from "vitest";
import {
  BINARY_COPY_HEADER,
  BINARY_COPY_TRAILER,
  copyTextToBinary,
  postgresDay,
} from "@/server/services/data-sources/upload/copy-binary";
import { env } from "@/server/env";

async function copy(client: pg.Client, statement: string, data: Buffer | string): Promise<void> {
  const stream = client.query(copyFrom(statement));
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", resolve);
    stream.on("error", reject);
  });
  stream.end(data);
  await done;
}

describe("binary COPY of a new partition's rows", () => {
  it("stores the very values PostgreSQL reads from the same rows as text", async () => {
    const cells = ["\\N", "0", "-0", "49.90", "0.1", "1234567890.123", "1e-5", "5.", ".5", "123456789012345678"];
    const days = ["1999-12-31", "2000-01-01", "2024-02-29", "2100-03-01"];
    const ids = [1, 2 ** 32 + 5, 2 ** 40 + 3];
    let text = "";
    for (let i = 0; i < 40; i++)
      text += `${i + 2}\t${days[i % days.length]}\t${ids[i % ids.length]}\t${cells[i % cells.length]}\t${cells[(i * 7) % cells.length]}\n`;
    const client = new pg.Client({ connectionString: env().DATABASE_URL });
    await client.connect();
    try {
      const columns = "line integer, date date, id bigint, a double precision, b double precision";
      await client.query(`create temporary table as_text (${columns}); create temporary table as_binary (${columns})`);
      await copy(client, "copy as_text from stdin", text);
      await copy(
        client,
        "copy as_binary from stdin with (format binary)",
        Buffer.concat([BINARY_COPY_HEADER, copyTextToBinary(text), BINARY_COPY_TRAILER]),
      );
      // As text: the shortest form that reads back as the same double (so -0 and 0 differ too).
      const read = async (table: string) =>
        (await client.query(`select line, date::text, id::text, a::text, b::text from ${table} order by line`)).rows;
      const binary = await read("as_binary");
      expect(binary).toHaveLength(40);
      expect(binary).toEqual(await read("as_text"));
      expect(binary[2]).toEqual({
        line: 4,
        date: "2024-02-29",
        id: String(2 ** 40 + 3),
        a: "-0",
        b: "0.1",
      });
    } finally {
      await client.end();
    }
  });

  it("numbers days from 2000-01-01, as PostgreSQL does", () => {
    expect(postgresDay("2000-01-01")).toBe(0);
    expect(postgresDay("1999-12-31")).toBe(-1);
    expect(postgresDay("2000-03-01")).toBe(60);
  });
});
