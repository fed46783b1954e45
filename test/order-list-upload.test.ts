import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { readFileStart } from "@/components/data-sources/csv-mapping/read-file-start";
import { db } from "@/server/db/client";
import { resetDatabase } from "@/test/db";
import { countObservations, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { ORDERS } from "@/test/shopify-orders-fixture";

// Shopify's orders export (one row per line item) uploaded through the API without a mapping, as the wizard reads
// it: each order counted once on its Created at day with its Total, into the database; an order whose date does not
// read writes nothing. lib/csv-import/order-list.test.ts has the counting's rules.

describe("a Shopify orders export through the API, without a mapping", () => {
  beforeEach(resetDatabase);

  it("imports the orders counted by day, totals equal to the orders' own", async () => {
    const preview = await readFileStart(new File([ORDERS], "orders_export_1.csv", { type: "text/csv" }));
    expect(preview.refusal).toBeNull();
    expect(preview.orderList).toBe(true);

    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, ORDERS, "orders_export_1.csv");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: 3,
      grain: "day",
      dateRange: { start: "2023-04-07", end: "2023-04-09" },
      metrics: ["transactions", "revenue"],
      totals: { transactions: 4, revenue: 1956.03 },
    });
    expect(res.body.notes[0]).toBe(preview.notes[0]);
    const { rows } = await db().execute<Record<string, number | string>>(sql`
      select to_char(date, 'YYYY-MM-DD') as date, transactions::float as orders, revenue::float as revenue
      from observations where data_source_id = ${sourceId} order by date`);
    expect(rows).toEqual([
      { date: "2023-04-07", orders: 1, revenue: 1234.5 },
      { date: "2023-04-08", orders: 0, revenue: 0 },
      { date: "2023-04-09", orders: 3, revenue: 721.53 },
    ]);
  });

  it("an order whose date does not read is refused with its line and column, and nothing is written", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, ORDERS.replace("2023-04-07 10:02:11 -0700", "soon"), "o.csv");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Line 9, column Created at: "soon" is not a date');
    expect(await countObservations(sourceId)).toBe(0);
  });
});
