import { z } from "zod";
import { REPORT_CONTENTS } from "../../insights/report-document";
import { SCHEDULE_FREQUENCIES, SCHEDULE_MONTH_DAYS } from "../../schedules/next-run";
import { ATTACHMENT_FORMATS, DELIVERY_STATUS_LABELS, type DeliveryStatus } from "../deliveries";
import { day, timestamp, uuid } from "./common";

// What emailing a report, schedules and Dropbox answer: a delivery (server/services/deliveries/delivery-view.ts), a
// schedule (schedules/schedule-view.ts) and what its next run will find (schedules/data-outlook.ts), a Dropbox
// connection, its folders and a file saved there.

const deliveryStatus = z.enum(Object.keys(DELIVERY_STATUS_LABELS) as [DeliveryStatus, ...DeliveryStatus[]]);
const period = z.strictObject({ start: day, end: day });

/** An emailed report or a schedule's run: where it stands, and why it failed when it did. */
export const deliveryResponse = z.strictObject({
  _id: uuid,
  status: deliveryStatus,
  attempts: z.number().int(),
  error: z.string().nullable(),
  /** What the delivery did (the recipients it went to, the Dropbox path), once done. */
  result: z.record(z.string(), z.unknown()).nullable(),
  reportId: uuid.nullable(),
  createdAt: timestamp,
  deliveredAt: timestamp.nullable(),
});

/** A source that will not have the period's data at the run, and what to do about it. */
const dataWarning = z.strictObject({
  sourceId: uuid.nullable(),
  problem: z.enum(["no_source", "one_off_upload", "disconnected", "behind"]),
  message: z.string(),
});

/** A schedule with what its screens show: names, the project's time zone, the next run and the last. */
export const scheduleResponse = z.strictObject({
  _id: uuid,
  userId: uuid,
  projectId: uuid,
  projectName: z.string(),
  clientId: uuid,
  clientName: z.string(),
  /** Null: the whole report; otherwise the one insight it delivers. */
  insightId: uuid.nullable(),
  insightTitle: z.string().nullable(),
  delivery: z.enum(["email", "dropbox"]),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  weekday: z.number().int().nullable(),
  monthDay: z.enum(SCHEDULE_MONTH_DAYS).nullable(),
  month: z.number().int().nullable(),
  /** "HH:MM" in the project's time zone. */
  timeOfDay: z.string(),
  timeZone: z.string(),
  recipients: z.array(z.string()),
  subject: z.string().nullable(),
  message: z.string().nullable(),
  format: z.enum(ATTACHMENT_FORMATS),
  /** What each run holds: the significant findings or everything checked. */
  contents: z.enum(REPORT_CONTENTS),
  /** Email schedules: how long each run's link for the client recipients opens the report. */
  linkExpiresInDays: z.number().int(),
  /** Dropbox schedules: the folder the files go to; null for email. */
  folder: z.string().nullable(),
  isActive: z.boolean(),
  /** Whether it runs: paused by the user, or inactive while the agency's subscription has lapsed. */
  active: z.boolean(),
  inactiveReason: z.string().nullable(),
  nextRunAt: timestamp.nullable(),
  /** What the next run will find: the period it reports on, and each source that will not have its data. */
  nextRunData: z.strictObject({ period, hasData: z.boolean(), warnings: z.array(dataWarning) }).nullable(),
  lastRun: z
    .strictObject({
      status: deliveryStatus,
      error: z.string().nullable(),
      dueAt: timestamp,
      deliveredAt: timestamp.nullable(),
    })
    .nullable(),
  createdAt: timestamp,
});

const dropboxConnection = z.union([
  z.strictObject({ connected: z.literal(false) }),
  z.strictObject({
    connected: z.literal(true),
    email: z.string(),
    displayName: z.string(),
    accountType: z.enum(["basic", "pro", "business"]),
    connectedAt: timestamp,
  }),
]);

export const DELIVERY_RESPONSES = {
  "POST /api/insights/properties/{id}/email/send": deliveryResponse,
  "GET /api/deliveries/{id}": deliveryResponse,
  "POST /api/insights/{id}/schedules": scheduleResponse,
  "GET /api/schedules/{id}": scheduleResponse,
  "PUT /api/schedules/{id}": scheduleResponse,
  "DELETE /api/schedules/{id}": z.strictObject({ status: z.number().int() }),
  "GET /api/users/{id}/schedules": z.strictObject({ docs: z.array(scheduleResponse), total: z.number().int() }),
  /** What the next run of a schedule timed so will find in the project's data sources. */
  "GET /api/insights/{id}/schedules/outlook": z.strictObject({
    period,
    /** The run's day in the project's time zone. */
    runDay: day,
    warnings: z.array(dataWarning),
    /** Whether any source will hold days of the period at the run (the run is sent only then). */
    hasData: z.boolean(),
    runAt: timestamp,
  }),
  /** "Send a test now": the delivery of the test email, to the caller, for the period that last closed. */
  "POST /api/insights/{id}/schedules/test": deliveryResponse.extend({ to: z.string(), period }),
  "GET /api/dropbox/session": dropboxConnection,
  "DELETE /api/dropbox/session": z.strictObject({ connected: z.literal(false) }),
  "GET /api/dropbox/folders": z.strictObject({
    path: z.string(),
    folders: z.array(
      z.strictObject({
        name: z.string(),
        /** From the account's root (the team space for business accounts). */
        path: z.string(),
        kind: z.enum(["own", "team", "shared"]),
      }),
    ),
  }),
  /** The file saved in the caller's Dropbox folder (renamed when one of that name was there). */
  "POST /api/properties/{id}/insights/export/dropbox": z.strictObject({
    path: z.string(),
    size: z.number().int(),
    fileName: z.string(),
    message: z.string(),
  }),
} satisfies Record<string, z.ZodType>;
