import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { resetDatabase } from "@/test/db";

// A real SMTP server receives what the real worker (pg-boss, polling the real database) sends.
const received: { to: string; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
      callback();
    });
  },
});

let stopWorker: (() => Promise<void>) | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const address = smtp.server.address();
  process.env.SMTP_URL = `smtp://127.0.0.1:${typeof address === "object" && address ? address.port : 0}?ignoreTLS=true`;
  await resetDatabase();
  const { runWorker } = await import("./run-worker");
  stopWorker = (await runWorker({ warmUp: false })).stop;
});

afterAll(async () => {
  await stopWorker?.();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the job worker", () => {
  it("delivers a queued confirmation email over SMTP with its link", async () => {
    const { enqueue } = await import("./enqueue");
    const { sendEmailJob } = await import("./contracts/send-email");
    await enqueue(sendEmailJob, {
      template: "agency-confirmation",
      to: "owner@example.com",
      params: { firstName: "Olivia", agencyName: "Acme", url: "http://localhost:3000/agencies/confirmation/abc123" },
    });
    const mail = await waitFor(() => received.find((m) => m.to === "owner@example.com"));
    expect(mail.raw).toMatch(/Subject: Confirm your Funnelwise agency/);
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain("http://localhost:3000/agencies/confirmation/abc123");
  });

  it("refuses a payload that does not match the job's schema before queueing", async () => {
    const { enqueue } = await import("./enqueue");
    const { sendEmailJob } = await import("./contracts/send-email");
    await expect(enqueue(sendEmailJob, { template: "nope", to: "x@example.com" } as never)).rejects.toThrow();
  });
});
