import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as alertsRoute from "@/app/api/alerts/route";
import * as alertRoute from "@/app/api/alerts/[id]/route";
import * as projectAlertsRoute from "@/app/api/properties/[id]/alerts/route";
import { startMetaFake, type MetaFake } from "@/e2e/fakes/meta/server";
import { db } from "@/server/db/client";
import { alertNotifications, insights, projectAlerts, reports } from "@/server/db/schema";
import { encryptSecret } from "@/server/auth/encryption";
import { resetMetaConfig } from "@/server/integrations/meta/config";
import { resetMetaPauses } from "@/server/integrations/meta/rate-limit";
import { resetPremiumConfig } from "@/server/integrations/premium/config";
import { checkProjectAlertsHandler } from "@/server/jobs/handlers/check-project-alerts";
import { sendAlertDigestHandler } from "@/server/jobs/handlers/send-alert-digest";
import { syncPartnerSource } from "@/server/services/data-sources/sync/partners/run-partner-sync";
import { queueAlertCheck } from "@/server/services/alerts/queue-alert-check";
import { reportJudgesSignificant } from "@/server/services/alerts/alert-candidates";
import { generateReport } from "@/server/services/reports/generate-report";
import { checkProjectAlerts } from "@/server/services/alerts/check-project-alerts";
import { addDays } from "@/lib/dates";
import { formatDay } from "@/lib/insights/format-values";
import { PERIOD_END, seedLeadGenProject } from "@/test/report-fixtures";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency, createUser, tokenFor } from "@/test/factories";
import { smtpInbox } from "@/test/smtp-inbox";
import { insertClient, insertProject, share } from "@/test/workspace";
import type { Finding } from "@/lib/insights/finding";

// Alerts: a daily sync brings a planted drop (Meta's largest campaign's delivery cut to a quarter five days before
// the fake's today), the project's alert check reads the latest complete days with the report's own engine, and
// the followers hear of it once: in the bell's list and by one digest email over real SMTP (smtp-server).

const TODAY = "2026-03-10";
let fake: MetaFake;
let inbox: Awaited<ReturnType<typeof smtpInbox>>;

beforeAll(async () => {
  // Campaign 4 has the largest budget (1 + 4 % 5): its cut moves the account's spend and purchases.
  fake = await startMetaFake({ today: TODAY, campaigns: 5, dropCampaign: 4, dropDaysAgo: 5 });
  inbox = await smtpInbox();
  process.env.SMTP_URL = inbox.url;
});
afterAll(async () => {
  await fake.close();
  await inbox.stop();
  resetMetaConfig();
  resetPremiumConfig();
});
beforeEach(async () => {
  await resetDatabase();
  inbox.received.length = 0;
  Object.assign(process.env, {
    META_APP_ID: fake.appId,
    META_APP_SECRET: fake.appSecret,
    META_AUTH_URL: `${fake.url}v24.0/dialog/oauth`,
    META_GRAPH_URL: fake.url,
    META_RATE_LIMIT_MINUTE_MS: "30",
    META_ASYNC_POLL_MS: "5",
  });
  resetMetaConfig();
  resetPremiumConfig();
  resetMetaPauses();
});

/** A token from the fake's own login dialog and code exchange. */
async function metaToken(): Promise<string> {
  const dialog = await (
    await fetch(`${fake.url}v24.0/dialog/oauth?client_id=${fake.appId}&redirect_uri=http://localhost/cb&state=s`)
  ).text();
  const code = new URL(/href="([^"]+)"/.exec(dialog)![1].replaceAll("&amp;", "&")).searchParams.get("code") ?? "";
  const res = await fetch(
    `${fake.url}v24.0/oauth/access_token?client_id=${fake.appId}&client_secret=${fake.appSecret}` +
      `&redirect_uri=http://localhost/cb&code=${encodeURIComponent(code)}`,
  );
  return ((await res.json()) as { access_token: string }).access_token;
}

/** An agency with a Meta Ads project, its admin, a staff member the client is shared with, and another agency. */
async function world() {
  const { agency, admin } = await createAgency();
  const client = await insertClient(agency.id, { name: "Northwind" });
  const project = await insertProject(client, { name: "Shop ads" });
  const staff = await createUser({ agencyId: agency.id, role: "staff" });
  await share(client.id, staff.user.id, 1);
  const session = await db().execute<{ id: string }>(sql`
    insert into third_party_sessions (agency_id, user_id, type, access_token_encrypted, expires_at)
    values (${agency.id}, ${admin.id}, 'meta', ${encryptSecret(await metaToken())}, now() + interval '60 days') returning id`);
  const source = await db().execute<{ id: string }>(sql`
    insert into data_sources (agency_id, project_id, source_name, kind, name, additional, third_party_session_id)
    values (${agency.id}, ${project.id}, 'meta-ads', 'meta_ads', 'Meta ads',
      ${JSON.stringify({ integration: "meta", adAccountId: "1122334455", currency: "USD", adAccountName: "Shop" })}::jsonb,
      ${session.rows[0].id}) returning id`);
  return { agency, admin, client, project, staff: staff.user, sourceId: source.rows[0].id };
}

/** The daily sync as the worker runs it: the import, then the project's alert check it queues, then the digests. */
async function dailySync(sourceId: string) {
  const outcome = await syncPartnerSource(sourceId, { today: TODAY });
  expect(outcome.status).toBe("succeeded");
  if (outcome.status !== "succeeded") return;
  await queueAlertCheck(sourceId, outcome.endDate);
  const checks = await queuedJobs<{ projectId: string; through?: string }>("check-project-alerts");
  expect(checks).toHaveLength(1);
  await checkProjectAlertsHandler.handle(checks[0], { jobId: "check" });
  for (const digest of await queuedJobs<{ userId: string }>("send-alert-digest"))
    await sendAlertDigestHandler.handle(digest, { jobId: "digest" });
  // Worked: gone from the queue, as the worker completes them.
  await db().execute(sql`delete from pgboss.job where name in ('check-project-alerts', 'send-alert-digest')`);
}

const notificationsOf = (userId: string) =>
  db()
    .select({ id: alertNotifications.id, alert: projectAlerts })
    .from(alertNotifications)
    .innerJoin(projectAlerts, eq(projectAlerts.id, alertNotifications.alertId))
    .where(eq(alertNotifications.userId, userId));

/** The message decoded from quoted-printable (soft breaks joined, =XX bytes read as UTF-8), so a line reads whole. */
const textOf = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** The Subject header with its RFC 2047 encoded words read back. */
const subjectOf = (raw: string) => {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return header.replace(/\?=\s+=\?/g, "?==?").replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
    Buffer.from(
      q.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8"),
  );
};

const bell = (token: string) => call(alertsRoute.GET, { path: "/api/alerts", token });

describe("alerts after a daily sync", () => {
  it("tell a follower of a planted drop once, nobody who turned alerts off, and nothing on the next sync", async () => {
    const w = await world();
    const adminToken = await tokenFor(w.admin.id);
    const staffToken = await tokenFor(w.staff.id);
    // The staff member turns this project's alerts off on its page.
    const off = await call(projectAlertsRoute.PUT, {
      method: "PUT",
      path: `/api/properties/${w.project.id}/alerts`,
      params: { id: w.project.id },
      token: staffToken,
      body: { level: "off" },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ level: "off" });
    const adminLevel = await call(projectAlertsRoute.GET, {
      path: `/api/properties/${w.project.id}/alerts`,
      params: { id: w.project.id },
      token: adminToken,
    });
    expect(adminLevel.body).toMatchObject({ level: "significant", isDefault: true });

    await dailySync(w.sourceId);

    // One alert to the follower: the campaign's drop of the primary KPI (revenue), on the day it began.
    const mine = await notificationsOf(w.admin.id);
    expect(mine.map((n) => [n.alert.kind, n.alert.metric, n.alert.dimensionValue])).toEqual([
      ["kpi_change", "revenue", "Campaign 5"],
    ]);
    const [{ alert }] = mine;
    expect(alert.direction).toBe("down");
    expect(alert.date).toBe("2026-03-05");
    expect(await notificationsOf(w.staff.id)).toEqual([]);

    // The bell: one unread, linking to the finding in the report the check saved.
    const list = await bell(adminToken);
    expect(list.status).toBe(200);
    expect(list.body.unread).toBe(1);
    expect(list.body.items).toHaveLength(1);
    const item = list.body.items[0];
    expect(item).toMatchObject({ kind: "kpi_change", read: false, headline: alert.headline });
    expect(item.url).toBe(`/client-projects/${w.project.id}/insights/${alert.insightId}`);
    expect((await bell(staffToken)).body).toEqual({ unread: 0, items: [] });

    // One digest, to the follower only, from the agency with the link to the finding.
    expect(inbox.received.map((m) => m.to)).toEqual([[w.admin.email]]);
    expect(subjectOf(inbox.received[0].raw)).toBe("Alert on Northwind – Shop ads");
    const raw = textOf(inbox.received[0].raw);
    expect(raw).toMatch(new RegExp(`From: "?${w.agency.name}"? <`));
    expect(raw).toContain(`/client-projects/${w.project.id}/insights/${alert.insightId}`);
    expect(raw).toContain(alert.headline.slice(0, 40));
    expect(raw).toContain(`— ${w.agency.name}`);

    const kept = (await db().select({ id: projectAlerts.id }).from(projectAlerts)).map((a) => a.id).sort();
    // The next day's sync finds the same change: nothing new, nothing sent.
    await dailySync(w.sourceId);
    expect(await notificationsOf(w.admin.id)).toHaveLength(1);
    // Every change is kept once (the other findings too, for those who ask for every finding): none added.
    expect((await db().select({ id: projectAlerts.id }).from(projectAlerts)).map((a) => a.id).sort()).toEqual(kept);
    expect(inbox.received).toHaveLength(1);
    expect((await bell(adminToken)).body.unread).toBe(1);

    // Read in the bell; another agency's admin cannot read or see it (404).
    const other = await createAgency();
    const otherToken = await tokenFor(other.admin.id);
    const foreign = await call(alertRoute.PUT, {
      method: "PUT",
      path: `/api/alerts/${item._id}`,
      params: { id: item._id },
      token: otherToken,
      body: { read: true },
    });
    expect(foreign.status).toBe(404);
    expect((await bell(otherToken)).body).toEqual({ unread: 0, items: [] });
    // A colleague in the same agency cannot mark another person's notification either.
    const colleague = await call(alertRoute.PUT, {
      method: "PUT",
      path: `/api/alerts/${item._id}`,
      params: { id: item._id },
      token: staffToken,
      body: { read: true },
    });
    expect(colleague.status).toBe(404);
    const read = await call(alertRoute.PUT, {
      method: "PUT",
      path: `/api/alerts/${item._id}`,
      params: { id: item._id },
      token: adminToken,
      body: { read: true },
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ unread: 0, item: { read: true } });
    const bad = await call(alertRoute.PUT, {
      method: "PUT",
      path: `/api/alerts/${item._id}`,
      params: { id: item._id },
      token: adminToken,
      body: { read: "yes" },
    });
    expect(bad.status).toBe(400);

    // The alert and the report never disagree: a report generated for the same days holds the alerted finding with
    // the same test, within its own bar, and every significant change of the KPI or spend on the latest days of
    // that report was alerted.
    const [check] = await db().select().from(reports).where(eq(reports.id, alert.reportId!));
    // The check's run is the alert's, in no report list (test/alert-check-reports.test.ts): the report asked for is.
    expect(check.kind).toBe("alert_check");
    const [asked] = await db()
      .insert(reports)
      .values({
        agencyId: w.agency.id,
        projectId: w.project.id,
        periodStart: check.periodStart,
        periodEnd: check.periodEnd,
        compareTo: "previous_period",
      })
      .returning();
    expect((await generateReport(asked.id)).status).toBe("ready");
    const found = (await db().select().from(insights).where(eq(insights.reportId, asked.id))).flatMap(
      (i) => i.findings,
    );
    const same = found.find(
      (f) =>
        f.metric === alert.metric &&
        f.dimensionValue === alert.dimensionValue &&
        (f as Finding & { date?: string }).date === alert.date,
    );
    expect(same?.significance).toEqual(alert.finding?.significance);
    expect(reportJudgesSignificant(same!)).toBe(true);
    const [{ kpi }] = await db()
      .execute<{ kpi: string }>(
        sql`select kpi_metric as kpi from insights where report_id = ${asked.id} and kpi_metric is not null limit 1`,
      )
      .then((r) => r.rows);
    expect(kpi).toBe("revenue");
    const since = "2026-03-03";
    const significantRecent = found.filter(
      (f) =>
        (f.metric === "revenue" || f.metric === "cost") &&
        reportJudgesSignificant(f) &&
        ((f as { date?: string }).date ?? "") >= since,
    );
    expect(significantRecent.map((f) => [f.metric, f.dimensionValue])).toEqual([["revenue", "Campaign 5"]]);
    // Two syncs of 37 months' history, two checks and a report: longer than one import's test.
  }, 300_000);

  it("tells those who ask for every finding the other findings of the latest days too", async () => {
    const w = await world();
    await call(projectAlertsRoute.PUT, {
      method: "PUT",
      path: `/api/properties/${w.project.id}/alerts`,
      params: { id: w.project.id },
      token: await tokenFor(w.staff.id),
      body: { level: "all" },
    });
    await dailySync(w.sourceId);
    const admin = await notificationsOf(w.admin.id);
    const staff = await notificationsOf(w.staff.id);
    expect(admin.map((n) => n.alert.kind)).toEqual(["kpi_change"]);
    expect(staff.length).toBeGreaterThan(admin.length);
    expect(staff.map((n) => n.alert.kind)).toContain("finding");
    // Still one email each.
    expect(inbox.received.map((m) => m.to).sort()).toEqual([[w.admin.email], [w.staff.email]].sort());
    const unknown = await call(projectAlertsRoute.PUT, {
      method: "PUT",
      path: `/api/properties/${w.project.id}/alerts`,
      params: { id: w.project.id },
      token: await tokenFor(w.staff.id),
      body: { level: "loud" },
    });
    expect(unknown.status).toBe(400);
  }, 300_000);

  it("tells the followers once when a connected source stops delivering", async () => {
    const { agency, admin } = await createAgency();
    const client = await insertClient(agency.id, { name: "Contoso" });
    const project = await insertProject(client, { name: "Leads" });
    const { sourceId } = await seedLeadGenProject(project);
    // A connected source (not an upload) whose last 6 days brought nothing.
    await db().execute(sql`update data_sources set kind = 'meta_ads', name = 'Meta ads' where id = ${sourceId}`);
    await db().execute(
      sql`delete from observations where data_source_id = ${sourceId} and date > ${addDays(PERIOD_END, -6)}`,
    );
    await db().execute(sql`update data_sources set updated_at = now() where id = ${sourceId}`);

    const first = await checkProjectAlerts(project.id, { through: PERIOD_END });
    expect(first.status).toBe("checked");
    const mine = await notificationsOf(admin.id);
    const stopped = mine.filter((n) => n.alert.kind === "source_stopped");
    expect(stopped.map((n) => [n.alert.headline, n.alert.dataSourceId])).toEqual([
      [`Meta ads has delivered no data since ${formatDay(addDays(PERIOD_END, -6))}.`, sourceId],
    ]);
    const list = await bell(await tokenFor(admin.id));
    expect(list.body.items.find((i: { kind: string }) => i.kind === "source_stopped").url).toBe(
      `/data-sources/${sourceId}`,
    );

    const again = await checkProjectAlerts(project.id, { through: PERIOD_END });
    expect(again.created).toBe(0);
    expect(await notificationsOf(admin.id)).toHaveLength(mine.length);
  });
});
