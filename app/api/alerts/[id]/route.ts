import { alertReadSchema } from "@/lib/validation/alerts";
import { parseJsonBody } from "@/server/http/body";
import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { markNotification } from "@/server/services/alerts/notifications";

/** PUT /api/alerts/{id}: one of the caller's notifications read (`{ read: true }`) or unread again. */
export const PUT = withUser<{ id: string }>(async (ctx, http) => {
  const { read } = await parseJsonBody(http.req, alertReadSchema);
  return markNotification({ ctx, input: { id: uuidParam(http.params.id), read } });
});
