import { anyScheduleSchema } from "@/lib/validation/schedules";
import { parseJsonBody } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { sendScheduleTest } from "@/server/services/schedules/send-schedule-test";

// "Send a test now": the schedule's email as it would go out now, to the caller only (the body is the schedule's form).
export const POST = withProjectAccess("report:view", async (ctx, { req }) =>
  json(await sendScheduleTest({ ctx, input: await parseJsonBody(req, anyScheduleSchema) }), 202),
);
