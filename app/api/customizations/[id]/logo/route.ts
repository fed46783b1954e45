import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { getLogo } from "@/server/services/customization/get-logo";

export const GET = withUser<{ id: string }>(async (ctx) =>
  getLogo({ ctx, id: uuidParam(ctx.params.id), ifNoneMatch: ctx.req.headers.get("if-none-match") }),
);
