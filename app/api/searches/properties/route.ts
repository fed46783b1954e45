import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { searchQuerySchema } from "@/server/services/search/search-query";
import { searchProperties } from "@/server/services/search/search-properties";

/** GET /api/searches/properties?q=&page=&limit=: matching properties the caller may see, best first. */
export const GET = withUser(async (ctx, http) =>
  searchProperties({ ctx, input: parseQuery(http.req, searchQuerySchema) }),
);
