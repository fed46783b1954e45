import v8 from "node:v8";
import vm from "node:vm";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import * as uploadRoute from "@/app/api/data-sources/[id]/upload/route";
import { resetDatabase } from "@/test/db";
import { countObservations, uploadWorld } from "@/test/data-source-fixtures";

const ROWS = 300_000;
const CHANNELS = ["Organic Search", "Paid Search", "Direct", "Referral", "Email", "Social", "Display", "(not set)"];
const DEVICES = ["desktop", "mobile", "tablet"];
// Long landing pages make the file large (~120 MB) while keeping the combinations few.
const PAGES = Array.from(
  { length: 20 },
  (_, i) => `/collections/item-${i}?${"utm_content=spring-collection-landing-page&".repeat(8)}ref=${i}`,
);
const COMBOS = CHANNELS.length * DEVICES.length * PAGES.length;

function row(i: number): string {
  const day = Math.floor(i / COMBOS);
  const combo = i % COMBOS;
  const date = addDays("2023-01-01", day);
  const channel = CHANNELS[combo % CHANNELS.length];
  const device = DEVICES[Math.floor(combo / CHANNELS.length) % DEVICES.length];
  const page = PAGES[Math.floor(combo / (CHANNELS.length * DEVICES.length))];
  return `${date},${channel},${device},"${page}",${(i % 97) + 3},${(i % 89) + 2},${i % 7},${((i % 13) * 10.25).toFixed(2)}\n`;
}

/** A multipart body generated as it is read: the test never holds the file either. */
function streamedUpload(sourceId: string, token: string): { req: NextRequest; bytes: () => number } {
  const encoder = new TextEncoder();
  let i = -1;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let text = "";
      if (i === -1) {
        text =
          '--bnd\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n';
        text += "date,channel,device,landingPage,sessions,users,transactions,revenue\n";
        i = 0;
      }
      // About 64 KB per pull.
      while (i < ROWS && text.length < 64 * 1024) text += row(i++);
      if (text === "") {
        controller.enqueue(encoder.encode("\r\n--bnd--\r\n"));
        controller.close();
        return;
      }
      const bytes = encoder.encode(text);
      sent += bytes.length;
      controller.enqueue(bytes);
    },
  });
  const req = new NextRequest(`http://localhost:3000/api/data-sources/${sourceId}/upload`, {
    method: "POST",
    body,
    headers: { "content-type": "multipart/form-data; boundary=bnd", authorization: `Bearer ${token}` },
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);
  return { req, bytes: () => sent };
}

/**
 * What the process holds: the heap and buffers after a full collection. Without one, the peak mostly measures when V8
 * chose to collect the garbage a fast import makes (60 to 130 MB for this file, run to run), not what it keeps.
 */
function retained(): () => number {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  return () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
}

describe("a large CSV upload", () => {
  beforeEach(resetDatabase);

  it(
    "streams 300,000 rows (~120 MB) into the source with memory bounded well below the file's size",
    { timeout: 180_000 },
    async () => {
      const { main, sourceId } = await uploadWorld();
      const { req, bytes } = streamedUpload(sourceId, main.token);
      const footprint = retained();
      const baseline = footprint();
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, footprint())), 100);
      const started = Date.now();
      const res = await uploadRoute.POST(req, { params: Promise.resolve({ id: sourceId }) });
      clearInterval(sampler);
      const body = await res.json();
      const seconds = (Date.now() - started) / 1000;
      const growthMb = (peak - baseline) / 1024 / 1024;
      console.log(
        `large upload: ${ROWS} rows, ${(bytes() / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s; heap + buffers kept grew by at most ${growthMb.toFixed(0)} MB`,
      );

      expect(res.status).toBe(200);
      expect(body).toMatchObject({
        rows: ROWS,
        dimensions: ["channel", "device", "landingPage"],
        metrics: ["sessions", "users", "transactions", "revenue"],
        replacedDates: 0,
      });
      expect(bytes()).toBeGreaterThan(100 * 1024 * 1024);
      expect(await countObservations(sourceId)).toBe(ROWS);
      expect(growthMb).toBeLessThan(40);
    },
  );
});
