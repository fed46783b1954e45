import { z } from "zod";
import { ALERT_LEVELS } from "../alerts";
import { day, timestamp, uuid } from "./common";

// What the alert routes answer: the bell's notifications (server/services/alerts/notifications.ts) and a project's
// alert choice.

const notification = z.strictObject({
  _id: uuid,
  kind: z.string(),
  headline: z.string(),
  date: day,
  createdAt: timestamp,
  read: z.boolean(),
  /** The app page it opens: the insight, the data source or the project. */
  url: z.string(),
  project: z.strictObject({ _id: uuid, name: z.string() }),
  client: z.strictObject({ _id: uuid, name: z.string() }),
});
const preference = z.strictObject({ level: z.enum(ALERT_LEVELS), isDefault: z.boolean() });

export const ALERT_RESPONSES = {
  "GET /api/alerts": z.strictObject({ unread: z.number().int(), items: z.array(notification) }),
  "PUT /api/alerts/{id}": z.strictObject({ item: notification, unread: z.number().int() }),
  "POST /api/alerts/read-all": z.strictObject({ unread: z.number().int() }),
  "GET /api/properties/{id}/alerts": preference,
  "PUT /api/properties/{id}/alerts": preference,
} satisfies Record<string, z.ZodType>;
