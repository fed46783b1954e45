import { scheduleTimingSchema } from "@/lib/validation/schedules";
import { parseQuery } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { scheduleOutlook } from "@/server/services/schedules/schedule-outlook";

// What the next run of a schedule timed as the query says will find in the project's data sources (the form's warning).
export const GET = withProjectAccess("report:view", async (ctx, { req }) =>
  json(await scheduleOutlook({ ctx, input: parseQuery(req, scheduleTimingSchema) })),
);
