import { withUser } from "@/server/http/route";
import { listNotifications } from "@/server/services/alerts/notifications";

/** GET /api/alerts: the caller's notifications (the header's bell), newest first, and how many are unread. */
export const GET = withUser(async (ctx) => listNotifications({ ctx }));
