// The schedules benchmark's process (see schedules.ts), run like the worker (server-only hook,
// react-email renders): seeds 1,000 schedules due at one instant, times one tick, then works every
// queued delivery job twice over (a duplicate of each) and counts what the SMTP server received.
import { eq } from "drizzle-orm";

const COUNT = Number(process.argv[2] ?? 1000);
const CONCURRENCY = 4;
const DUE = new Date("2026-04-02T08:00:00Z");
const NOW = new Date("2026-04-02T08:00:30Z");

async function main() {
  const { smtpInbox } = await import("../../test/smtp-inbox");
  const inbox = await smtpInbox();
  process.env.SMTP_URL = inbox.url;
  const { db, closeDb } = await import("../../server/db/client");
  const { agencies, clientProjects, clients, schedules, scheduleRuns, users } = await import("../../server/db/schema");
  const { seedLeadGenProject } = await import("../../test/report-fixtures");
  const { scheduleTick } = await import("../../server/jobs/handlers/schedule-tick");
  const { deliverScheduleRun } = await import("../../server/services/deliveries/scheduled-delivery");
  const { boss, stopBoss } = await import("../../server/jobs/boss");
  const { deliverReportJob } = await import("../../server/jobs/contracts/deliver-report");

  const [agency] = await db().insert(agencies).values({ name: "Schedules bench", confirmedAt: new Date() }).returning();
  const [user] = await db()
    .insert(users)
    .values({
      agencyId: agency.id,
      email: "owner@bench.local",
      passwordHash: "x",
      firstName: "B",
      lastName: "O",
      role: "agency",
    })
    .returning();
  const [client] = await db().insert(clients).values({ agencyId: agency.id, name: "Bench client" }).returning();
  const [project] = await db()
    .insert(clientProjects)
    .values({
      agencyId: agency.id,
      clientId: client.id,
      name: "Bench leads",
      siteType: "lead_generation",
      timeZone: "Europe/London",
    })
    .returning();
  await seedLeadGenProject(project);
  await db()
    .insert(schedules)
    .values(
      Array.from({ length: COUNT }, (_, i) => ({
        agencyId: agency.id,
        projectId: project.id,
        userId: user.id,
        delivery: "email" as const,
        frequency: "monthly" as const,
        monthDay: "second" as const,
        timeOfDay: "09:00",
        recipients: [`client${i}@bench.local`],
        options: { format: "none" },
        nextRunAt: DUE,
      })),
    );

  const tickStarted = performance.now();
  const tick = await scheduleTick(NOW);
  const tickMs = performance.now() - tickStarted;

  // The jobs the tick queued, each worked twice (as a duplicate delivery would be).
  const instance = await boss();
  const jobs = await instance.fetch<{ source: "schedule"; runId: string }>(deliverReportJob.name, {
    batchSize: COUNT * 2,
  });
  const work = jobs.flatMap((j) => [j.data.runId, j.data.runId]);
  const deliverStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < work.length) {
        const runId = work[next++];
        await deliverScheduleRun(runId, "bench");
      }
    }),
  );
  const deliverMs = performance.now() - deliverStarted;
  await instance.complete(
    deliverReportJob.name,
    jobs.map((j) => j.id),
  );

  const perRecipient = new Map<string, number>();
  for (const m of inbox.received) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
  const delivered = await db()
    .select({ id: scheduleRuns.id })
    .from(scheduleRuns)
    .where(eq(scheduleRuns.status, "delivered"));
  const result = {
    count: COUNT,
    created: tick.created,
    queuedJobs: jobs.length,
    tickMs,
    deliverMs,
    mails: inbox.received.length,
    recipients: perRecipient.size,
    duplicates: [...perRecipient.values()].filter((n) => n > 1).length,
    deliveredRuns: delivered.length,
  };
  await stopBoss();
  await closeDb();
  await inbox.stop();
  console.log(JSON.stringify(result));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
