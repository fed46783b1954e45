import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { listUserSchedules } from "@/server/services/schedules/list-user-schedules";

export const GET = withUser<{ id: string }>(async (ctx, { params }) =>
  listUserSchedules({ ctx, input: { userId: uuidParam(params.id) } }),
);
