import { googleListQuery } from "@/lib/validation/google-data-sources";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listAnalytics4Accounts } from "@/server/services/google-service/listings";

export const GET = withUser(async (ctx, http) =>
  listAnalytics4Accounts({ ctx, input: parseQuery(http.req, googleListQuery) }),
);
