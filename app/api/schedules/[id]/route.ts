import { z } from "zod";
import { parseJsonBody } from "@/server/http/body";
import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { deleteSchedule } from "@/server/services/schedules/delete-schedule";
import { getSchedule } from "@/server/services/schedules/get-schedule";
import { updateSchedule } from "@/server/services/schedules/update-schedule";

export const GET = withUser<{ id: string }>(async (ctx, { params }) =>
  getSchedule({ ctx, input: { id: uuidParam(params.id) } }),
);

// The fields sent are checked together with the schedule's others by the schedule schema.
export const PUT = withUser<{ id: string }>(async (ctx, { req, params }) =>
  updateSchedule({
    ctx,
    input: { id: uuidParam(params.id), changes: await parseJsonBody(req, z.record(z.string(), z.unknown())) },
  }),
);

export const DELETE = withUser<{ id: string }>(async (ctx, { params }) =>
  deleteSchedule({ ctx, input: { id: uuidParam(params.id) } }),
);
