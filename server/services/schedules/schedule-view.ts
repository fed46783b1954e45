import "server-only";
import { DEFAULT_REPORT_CONTENTS, REPORT_CONTENTS, type ReportContents } from "@/lib/insights/report-document";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { ATTACHMENT_FORMATS, type AttachmentFormat } from "@/lib/validation/deliveries";
import { DEFAULT_SHARE_LINK_DAYS } from "@/lib/constants/share-link-messages";
import { SCHEDULE_MESSAGES } from "@/lib/validation/schedules";
import { db } from "../../db/client";
import { closedPeriod } from "@/lib/schedules/next-run";
import { dataOutlooks, type DataOutlook } from "./data-outlook";
import { SCHEDULE_PERMISSION_PAUSE } from "./paused-reasons";
import { agencies, clientProjects, clients, insights, schedules, type Schedule } from "../../db/schema";

interface LastRun {
  status: "queued" | "delivering" | "delivered" | "failed" | "not_sent";
  error: string | null;
  dueAt: string;
  deliveredAt: string | null;
}

const str = (v: unknown) => (typeof v === "string" && v ? v : null);

/** Schedules with what their screens show: names, the project's time zone, the last run. */
export async function loadScheduleViews(where: SQL) {
  const rows = await db()
    .select({
      schedule: schedules,
      projectName: clientProjects.name,
      timeZone: clientProjects.timeZone,
      clientId: clients.id,
      clientName: clients.name,
      insightTitle: insights.title,
      subscriptionStatus: agencies.subscriptionStatus,
      lastRun: sql<LastRun | null>`(
        select json_build_object('status', r.status, 'error', r.error, 'dueAt', r.due_at, 'deliveredAt', r.delivered_at)
        from schedule_runs r where r.schedule_id = ${schedules.id} order by r.due_at desc limit 1)`,
    })
    .from(schedules)
    .innerJoin(clientProjects, eq(clientProjects.id, schedules.projectId))
    .innerJoin(clients, eq(clients.id, clientProjects.clientId))
    .innerJoin(agencies, eq(agencies.id, schedules.agencyId))
    .leftJoin(insights, eq(insights.id, schedules.insightId))
    .where(where)
    .orderBy(desc(schedules.createdAt), desc(schedules.id));
  // What each next run will find in its project's sources, for all the schedules listed in two queries.
  const outlooks = await dataOutlooks(
    rows.flatMap(({ schedule: s, timeZone }) =>
      s.isActive && s.nextRunAt
        ? [
            {
              key: s.id,
              projectId: s.projectId,
              frequency: s.frequency,
              timeZone,
              runAt: s.nextRunAt,
              period: closedPeriod(s.frequency, timeZone, s.nextRunAt),
            },
          ]
        : [],
    ),
  );
  return rows.map((r) => scheduleView(r.schedule, { ...r, outlook: outlooks.get(r.schedule.id) ?? null }));
}

export async function loadScheduleView(agencyId: string, id: string) {
  const [view] = await loadScheduleViews(and(eq(schedules.agencyId, agencyId), eq(schedules.id, id))!);
  return view;
}

function scheduleView(
  s: Schedule,
  extra: {
    projectName: string;
    timeZone: string;
    clientId: string;
    clientName: string;
    insightTitle: string | null;
    subscriptionStatus: string;
    lastRun: LastRun | null;
    outlook: DataOutlook | null;
  },
) {
  const format = ATTACHMENT_FORMATS.includes(s.options.format as AttachmentFormat)
    ? (s.options.format as AttachmentFormat)
    : "pptx";
  const lapsed = extra.subscriptionStatus === "suspended";
  return {
    _id: s.id,
    userId: s.userId,
    projectId: s.projectId,
    projectName: extra.projectName,
    clientId: extra.clientId,
    clientName: extra.clientName,
    insightId: s.insightId,
    insightTitle: extra.insightTitle ?? str(s.options.insightTitle),
    delivery: s.delivery,
    frequency: s.frequency,
    weekday: s.weekday,
    monthDay: s.monthDay,
    month: s.month,
    timeOfDay: s.timeOfDay,
    timeZone: extra.timeZone,
    recipients: s.recipients,
    subject: str(s.options.subject),
    message: str(s.options.message),
    format,
    /** What each run holds: the significant findings (the default) or everything checked. */
    contents: REPORT_CONTENTS.includes(s.options.contents as ReportContents)
      ? (s.options.contents as ReportContents)
      : DEFAULT_REPORT_CONTENTS,
    /** Email schedules: how long each run's link for the client recipients opens the report. */
    linkExpiresInDays:
      typeof s.options.linkExpiresInDays === "number" ? s.options.linkExpiresInDays : DEFAULT_SHARE_LINK_DAYS,
    /** Dropbox schedules: the folder the files go to. */
    folder: s.delivery === "dropbox" ? (s.dropboxPath ?? "") : null,
    isActive: s.isActive,
    /** Whether it runs: paused by the user, or inactive while the agency's subscription has lapsed. */
    active: s.isActive && !lapsed,
    inactiveReason: lapsed
      ? SCHEDULE_MESSAGES.subscriptionInactive
      : s.isActive
        ? null
        : s.pausedReason === SCHEDULE_PERMISSION_PAUSE
          ? SCHEDULE_MESSAGES.pausedForPermission
          : "Paused",
    nextRunAt: s.isActive && !lapsed ? (s.nextRunAt?.toISOString() ?? null) : null,
    /** What the next run will find: the period it reports on, and each source that will not have its data. */
    nextRunData:
      s.isActive && !lapsed && extra.outlook
        ? { period: extra.outlook.period, hasData: extra.outlook.hasData, warnings: extra.outlook.warnings }
        : null,
    lastRun: extra.lastRun
      ? {
          ...extra.lastRun,
          dueAt: new Date(extra.lastRun.dueAt).toISOString(),
          deliveredAt: extra.lastRun.deliveredAt ? new Date(extra.lastRun.deliveredAt).toISOString() : null,
        }
      : null,
    createdAt: s.createdAt.toISOString(),
  };
}
export type ScheduleView = ReturnType<typeof scheduleView>;
