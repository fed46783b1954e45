import { z } from "zod";
import { MESSAGES } from "../constants/messages";
import { INSIGHT_GROUPS } from "../insights/format-values";

type GroupEntry = (typeof INSIGHT_GROUPS)[number];
/** A group a reader may dismiss from a report: one whose dismissPopUp is true (spec section 2: Other Insights only). */
export type DismissibleGroup = Extract<GroupEntry, { dismissPopUp: true }>["key"];

export const DISMISSIBLE_GROUPS = INSIGHT_GROUPS.filter(
  (g): g is Extract<GroupEntry, { dismissPopUp: true }> => g.dismissPopUp,
).map((g) => g.key) as [DismissibleGroup, ...DismissibleGroup[]];

export const DISMISSAL_MESSAGES = {
  notDismissible: "Only Other Insights can be dismissed from the report",
} as const;

/** PUT /api/reports/{id}/dismissed-groups: dismiss a group from the caller's view of the report, or bring it back. */
export const groupDismissalSchema = z.object({
  group: z.enum(DISMISSIBLE_GROUPS, {
    error: (issue) => (issue.input === undefined ? MESSAGES.required : DISMISSAL_MESSAGES.notDismissible),
  }),
  dismissed: z.boolean({ error: MESSAGES.required }),
});
export type GroupDismissalBody = z.input<typeof groupDismissalSchema>;

/** What GET and PUT /api/reports/{id}/dismissed-groups answer: the groups the caller dismissed from this report. */
export const dismissedGroupsResponse = z.strictObject({
  reportId: z.uuid(),
  dismissedGroups: z.array(z.enum(DISMISSIBLE_GROUPS)),
});
export type DismissedGroups = z.output<typeof dismissedGroupsResponse>;
