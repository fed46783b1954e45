import { groupDismissalSchema } from "@/lib/validation/report-dismissals";
import { parseJsonBody } from "@/server/http/body";
import { withReportAccess } from "@/server/http/route";
import { dismissedGroups } from "@/server/services/report-dismissals/dismissed-groups";
import { setGroupDismissed } from "@/server/services/report-dismissals/set-group-dismissed";

// Dismissing is the reader's own choice, like saving: anyone who may read the report may dismiss for themselves.
/** GET /api/reports/{id}/dismissed-groups: the insight groups the caller dismissed from this report. */
export const GET = withReportAccess("report:view", async (ctx) => dismissedGroups({ ctx }));
/** PUT /api/reports/{id}/dismissed-groups {group, dismissed}: dismiss Other Insights from your view, or restore it. */
export const PUT = withReportAccess("report:view", async (ctx, http) =>
  setGroupDismissed({ ctx, input: await parseJsonBody(http.req, groupDismissalSchema) }),
);
