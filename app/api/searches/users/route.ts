import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { searchQuerySchema } from "@/server/services/search/search-query";
import { searchUsers } from "@/server/services/search/search-users";

/** GET /api/searches/users?q=&page=&limit=: matching users the caller may see, best first. */
export const GET = withUser(async (ctx, http) => searchUsers({ ctx, input: parseQuery(http.req, searchQuerySchema) }));
