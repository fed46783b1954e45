import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { listThirdPartySessions } from "@/server/services/third-party/list-sessions";

export const GET = withUser<{ id: string }>(async (ctx, { params }) =>
  listThirdPartySessions({ ctx, input: { userId: uuidParam(params.id) } }),
);
