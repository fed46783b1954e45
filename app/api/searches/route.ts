import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { searchAll } from "@/server/services/search/search-all";
import { searchQuerySchema } from "@/server/services/search/search-query";

/** GET /api/searches?q=: clients, users and properties the caller may see, each `{ docs, total }`. */
export const GET = withUser(async (ctx, http) => searchAll({ ctx, input: parseQuery(http.req, searchQuerySchema) }));
