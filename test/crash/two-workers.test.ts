import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as partnerRoute from "@/app/api/properties/[id]/data-sources/partner/route";
import * as sendRoute from "@/app/api/insights/properties/[id]/email/send/route";
import { startPartnerFake, type PartnerFake } from "@/e2e/fakes/partners/server";
import { db } from "@/server/db/client";
import { boss } from "@/server/jobs/boss";
import { generateReportJob } from "@/server/jobs/contracts/generate-report";
import { sendEmailJob } from "@/server/jobs/contracts/send-email";
import { enqueue } from "@/server/jobs/enqueue";
import { resetPartnerConfig } from "@/server/integrations/partners/config";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { insertReport, reportWorld } from "@/test/report-fixtures";

// The docker-compose shape on the embedded database: two job workers (real processes, started as
// `npm run worker` starts them) share one queue while this process plays the web side. Every job
// (report, email, delivery, partner sync) runs exactly once; a worker killed with SIGKILL in the
// middle of a job hands it to the other, which finishes it.

interface Worker {
  name: string;
  child: ChildProcess;
  /** Job ids this worker finished, from its "job done" log lines. */
  done: string[];
}

const workers: Worker[] = [];
let partners: PartnerFake;

// A real SMTP server. With `holdNext`, the next message is taken in but never answered: the
// sending worker waits in the middle of its job, as long as it lives.
const mails: { to: string[] }[] = [];
let holdNext = false;
let heldAt = 0;
let smtp: SMTPServer;
let smtpPort = 0;

function startWorker(name: string): Promise<Worker> {
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/no-server-only.mjs", "worker.ts"], {
    env: {
      ...process.env,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      LOG_LEVEL: "info",
      JOB_RECOVERY_INTERVAL_MS: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const worker: Worker = { name, child, done: [] };
  workers.push(worker);
  return new Promise((resolve, reject) => {
    let buffer = "";
    const read = (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith("{")) continue;
        const entry = JSON.parse(line) as { message: string; jobId?: string };
        if (entry.message === "job done" && entry.jobId) worker.done.push(entry.jobId);
        if (entry.message === "worker ready") resolve(worker);
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.on("exit", (code) => reject(new Error(`worker ${name} exited (${code}) before it was ready`)));
  });
}

const stopped = (worker: Worker, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
    worker.child.on("exit", () => resolve());
    worker.child.kill(signal);
  });

async function until<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function jobStates(ids: string[]): Promise<Record<string, string>> {
  const { rows } = await db().execute<{ id: string; state: string }>(
    sql`select id::text, state::text from pgboss.job where id::text in ${ids}`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.state]));
}

const finishedBy = (id: string) => workers.filter((w) => w.done.includes(id)).map((w) => w.name);
const timesDone = (id: string) => workers.reduce((n, w) => n + w.done.filter((d) => d === id).length, 0);

beforeAll(async () => {
  smtpPort = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      if (holdNext) {
        holdNext = false;
        heldAt = Date.now();
        stream.resume(); // read, never answer
        return;
      }
      stream.resume();
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  partners = await startPartnerFake();
  Object.assign(process.env, {
    SEMRUSH_API_URL: partners.url,
    SEMRUSH_API_KEY: "semrush-test-key",
    SIMILARWEB_API_URL: partners.url,
    SIMILARWEB_API_KEY: "similarweb-test-key",
    PARTNER_RETRY_BASE_MS: "1",
  });
  resetPartnerConfig();
  await boss();
  await resetDatabase();
}, 180_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => stopped(w, "SIGKILL")));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await partners.close();
  resetPartnerConfig();
  await resetDatabase();
});

describe("two workers on one database", () => {
  it("run every job exactly once: reports, emails, deliveries and partner syncs", async () => {
    await Promise.all([startWorker("A"), startWorker("B")]);
    const world = await reportWorld();
    const ids: string[] = [];

    const reports = await Promise.all([1, 2, 3].map((i) => insertReport(world.project, { name: `Report ${i}` })));
    for (const report of reports) ids.push((await enqueue(generateReportJob, { reportId: report.id }))!);
    for (let i = 0; i < 6; i++) {
      const id = await enqueue(sendEmailJob, {
        template: "password-reset",
        to: `reset${i}@example.com`,
        params: { firstName: "Sam", url: "http://localhost:3000/reset-password/x" },
      });
      ids.push(id!);
    }
    const sync = await call(partnerRoute.POST, {
      path: `/api/properties/${world.project.id}/data-sources/partner`,
      params: { id: world.project.id },
      token: world.main.token,
      body: { kind: "competitor", competitors: ["rival.com"] },
    });
    expect(sync.status).toBe(201);
    await until(async () => {
      const states = await jobStates(ids);
      return ids.every((id) => states[id] === "completed");
    }, 120_000);

    // Deliveries of a report the workers generated, asked for by hand.
    for (const to of ["delivery1@client.com", "delivery2@client.com"]) {
      const form = new FormData();
      form.append("recipients", to);
      form.append("format", "none");
      form.append("reportId", reports[0].id);
      const res = await call(sendRoute.POST, {
        method: "POST",
        path: `/api/insights/properties/${world.project.id}/email/send`,
        params: { id: world.project.id },
        token: world.main.token,
        formData: form,
      });
      expect(res.status).toBe(202);
    }

    const { rows } = await db().execute<{ id: string }>(
      sql`select id::text from pgboss.job where name in ('deliver-report', 'sync-partner-source')`,
    );
    expect(rows).toHaveLength(3);
    ids.push(...rows.map((r) => r.id));
    await until(async () => {
      const states = await jobStates(ids);
      return ids.every((id) => states[id] === "completed");
    }, 120_000);

    for (const id of ids) expect(timesDone(id), id).toBe(1);
    const byWorker = Object.fromEntries(workers.map((w) => [w.name, w.done.filter((id) => ids.includes(id)).length]));
    console.log("jobs done per worker", byWorker);
    const recipients = mails.flatMap((m) => m.to).sort();
    expect(recipients).toEqual([
      "delivery1@client.com",
      "delivery2@client.com",
      ...[0, 1, 2, 3, 4, 5].map((i) => `reset${i}@example.com`),
    ]);
    const { rows: runs } = await db().execute<{ n: number }>(sql`select count(*)::int as n from data_source_sync_runs`);
    expect(runs[0].n).toBe(1);
  }, 180_000);

  it("a worker killed with SIGKILL in the middle of a job hands it to the other, which finishes it once", async () => {
    // Only A runs while the job is taken, so A is the one in the middle of it.
    const b = workers.find((w) => w.name === "B")!;
    await stopped(b, "SIGTERM");
    const a = workers.find((w) => w.name === "A")!;
    const mailsBefore = mails.length;
    holdNext = true;
    heldAt = 0;
    const id = (await enqueue(sendEmailJob, {
      template: "password-reset",
      to: "handover@example.com",
      params: { firstName: "Sam", url: "http://localhost:3000/reset-password/y" },
    }))!;
    await until(() => heldAt > 0, 30_000);
    expect((await jobStates([id]))[id]).toBe("active");

    await startWorker("C");
    await stopped(a, "SIGKILL");
    const killedAt = Date.now();
    await until(async () => (await jobStates([id]))[id] === "completed", 60_000);
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(finishedBy(id)).toEqual(["C"]);
    expect(timesDone(id)).toBe(1);
    expect(mails.slice(mailsBefore).flatMap((m) => m.to)).toEqual(["handover@example.com"]);
  }, 240_000);
});
