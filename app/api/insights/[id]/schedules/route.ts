import { anyScheduleSchema } from "@/lib/validation/schedules";
import { parseJsonBody } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { createSchedule } from "@/server/services/schedules/create-schedule";

// {id} is the client project: a schedule delivers the project's report, or one insight of it
// (insightId in the body), by email (/email-schedule/{projectId}/insight/{insightId?}) or to a Dropbox
// folder (`delivery: "dropbox"`, /dropbox-schedule/{projectId}/insight/{insightId?}).
export const POST = withProjectAccess("report:view", async (ctx, { req }) =>
  json(await createSchedule({ ctx, input: await parseJsonBody(req, anyScheduleSchema) }), 201),
);
