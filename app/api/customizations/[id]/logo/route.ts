import { logoResponse } from "@/server/http/logo-response";
import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { getLogo } from "@/server/services/customization/get-logo";

export const GET = withUser<{ id: string }>(async (ctx, http) =>
  logoResponse(await getLogo({ ctx, input: { id: uuidParam(http.params.id) } }), http.req.headers.get("if-none-match")),
);
