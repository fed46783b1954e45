import { withUser } from "@/server/http/route";
import { markAllNotificationsRead } from "@/server/services/alerts/notifications";

/** POST /api/alerts/read-all: every notification of the caller's read. */
export const POST = withUser(async (ctx) => markAllNotificationsRead({ ctx }));
