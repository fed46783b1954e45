import { createSplitLinkSchema, listSplitLinksSchema } from "@/lib/validation/split-links";
import { parseJsonBody, parseQuery } from "@/server/http/body";
import { json, withUser } from "@/server/http/route";
import { createSplitLink } from "@/server/services/split-links/create-split-link";
import { listSplitLinks } from "@/server/services/split-links/manage-split-link";

/** GET /api/split-links?projectId=: the project's URL splitters (shared staff). */
export const GET = withUser(async (ctx, http) =>
  listSplitLinks({ ctx, input: parseQuery(http.req, listSplitLinksSchema) }),
);

/** POST /api/split-links: a new URL splitter with its public link (Data Creators and above). */
export const POST = withUser(async (ctx, http) =>
  json(await createSplitLink({ ctx, input: await parseJsonBody(http.req, createSplitLinkSchema) }), 201),
);
