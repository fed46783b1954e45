import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { searchQuerySchema } from "@/server/services/search/search-query";
import { searchClients } from "@/server/services/search/search-clients";

/** GET /api/searches/clients?q=&page=&limit=: matching clients the caller may see, best first. */
export const GET = withUser(async (ctx, http) =>
  searchClients({ ctx, input: parseQuery(http.req, searchQuerySchema) }),
);
