import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetDatabase } from "@/test/db";
import { db, pool } from "../db/client";
import { enqueue } from "./enqueue";
import { generateReportJob } from "./contracts/generate-report";
import { sendEmailJob } from "./contracts/send-email";
import { listenForQueuedJobs } from "./wake";

// A queued job wakes its queue's worker through a real PostgreSQL NOTIFY (no worker runs here:
// the listener records what it hears), and a job queued in a transaction that rolls back wakes
// nobody.
const heard: string[] = [];
let listener: ReturnType<typeof listenForQueuedJobs> | undefined;

async function waitFor(probe: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  await resetDatabase();
  listener = listenForQueuedJobs(process.env.DATABASE_URL!, (name) => heard.push(name));
  // The listener is up once it hears a notification of its own.
  await waitFor(() => {
    void pool().query("select pg_notify('funnelwise_jobs', 'probe')");
    return heard.includes("probe");
  });
});

afterAll(async () => {
  await listener?.stop();
});

describe("waking the worker when a job is queued", () => {
  it("notifies the queue's name when a job is sent", async () => {
    heard.length = 0;
    await enqueue(generateReportJob, { reportId: randomUUID() });
    await waitFor(() => heard.includes("generate-report"));
  });

  it("notifies only when the queuing transaction commits", async () => {
    heard.length = 0;
    await expect(
      db().transaction(async (tx) => {
        await enqueue(generateReportJob, { reportId: randomUUID() }, { tx });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    // Notifications arrive in commit order: once a later job's is heard, the rolled-back one never will be.
    await db().transaction(async (tx) => {
      await enqueue(
        sendEmailJob,
        {
          template: "agency-confirmation",
          to: "owner@example.com",
          params: { firstName: "Olivia", agencyName: "Acme", url: "http://localhost:3000/agencies/confirmation/abc" },
        },
        { tx },
      );
    });
    await waitFor(() => heard.includes("send-email"));
    expect(heard).not.toContain("generate-report");
  });
});
