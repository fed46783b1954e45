import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { resetDatabase } from "@/test/db";
import { countObservations, uploadCsv, uploadWorld } from "@/test/data-source-fixtures";

// HubSpot's deals export (one row per deal) uploaded through the API without a mapping: counted by day as the CRM
// source counts deals (created on their Create Date, won on their Close Date with their amount), into the database;
// a deal whose date does not read writes nothing. lib/csv-import/more-real-shapes.test.ts has the counting's rules.

const DEALS = [
  '\uFEFF"Record ID","Deal Name","Deal Stage","Close Date","Deal owner","Amount","Create Date","Pipeline","Is Closed Won"',
  '"1001","Acme renewal","Closed Won","2024-03-04 14:23","Ann Lee","12,000.50","2024-03-01 09:10","Sales Pipeline","true"',
  '"1002","Globex","Appointment Scheduled","2024-04-30 00:00","Bob Ray","5000","2024-03-03 11:00","Sales Pipeline","false"',
  '"1003","Initech","Closed Lost","2024-03-03 10:00","Ann Lee","","2024-03-03 12:00","Sales Pipeline","false"',
  '"1004","Umbrella","Closed Won","2024-03-04 16:00","Bob Ray","800","2024-03-02 08:00","Sales Pipeline","true"',
].join("\r\n");

async function stored(sourceId: string) {
  const { rows } = await db().execute<Record<string, number | string>>(sql`
    select to_char(date, 'YYYY-MM-DD') as date, deals_created::float as created, deals_won::float as won,
           won_value::float as value
    from observations where data_source_id = ${sourceId} order by date`);
  return rows;
}

describe("a HubSpot deals export through the API, without a mapping", () => {
  beforeEach(resetDatabase);

  it("imports the deals counted by day", async () => {
    const { main, sourceId } = await uploadWorld();
    const res = await uploadCsv(sourceId, main.token, DEALS, "hubspot-crm-exports-all-deals-2024-03-05.csv");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: 4,
      dateRange: { start: "2024-03-01", end: "2024-03-04" },
      grain: "day",
      metrics: ["dealsCreated", "dealsWon", "wonValue"],
      totals: { dealsCreated: 4, dealsWon: 2, wonValue: 12800.5 },
    });
    expect(res.body.notes[0]).toMatch(/^HubSpot deals export, one row per deal \(4 deals\): counted by day/);
    expect(await stored(sourceId)).toEqual([
      { date: "2024-03-01", created: 1, won: 0, value: 0 },
      { date: "2024-03-02", created: 1, won: 0, value: 0 },
      { date: "2024-03-03", created: 2, won: 0, value: 0 },
      { date: "2024-03-04", created: 0, won: 2, value: 12800.5 },
    ]);
  });

  it("a deal whose date does not read is refused with its line and column, and nothing is written", async () => {
    const { main, sourceId } = await uploadWorld();
    const bad = DEALS.replace('"2024-03-02 08:00"', '"next week"');
    const res = await uploadCsv(sourceId, main.token, bad, "deals.csv");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Line 5, column Create Date: "next week" is not a date');
    expect(await countObservations(sourceId)).toBe(0);
  });
});
