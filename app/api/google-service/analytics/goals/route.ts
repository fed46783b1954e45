import { uaGoalsQuery } from "@/lib/validation/google-data-sources";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listAnalyticsGoals } from "@/server/services/google-service/listings";

export const GET = withUser(async (ctx, http) =>
  listAnalyticsGoals({ ctx, input: parseQuery(http.req, uaGoalsQuery) }),
);
