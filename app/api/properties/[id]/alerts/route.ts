import { alertPreferenceSchema } from "@/lib/validation/alerts";
import { parseJsonBody } from "@/server/http/body";
import { withProjectAccess } from "@/server/http/route";
import { getAlertPreference, setAlertPreference } from "@/server/services/alerts/alert-preferences";

// The caller's own alerts for the project: anyone who can see it chooses for themselves.
export const GET = withProjectAccess("project:view", async (ctx) => getAlertPreference({ ctx }));
export const PUT = withProjectAccess("project:view", async (ctx, http) =>
  setAlertPreference({ ctx, input: await parseJsonBody(http.req, alertPreferenceSchema) }),
);
