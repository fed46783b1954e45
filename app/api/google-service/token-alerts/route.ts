import { z } from "zod";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listTokenAlerts } from "@/server/services/data-sources/sync-status";

const query = z.object({ projectId: z.uuid().optional() });

export const GET = withUser(async (ctx, http) => listTokenAlerts({ ctx, input: parseQuery(http.req, query) }));
