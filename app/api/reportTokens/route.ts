import { createShareLinkSchema, listShareLinksQuery } from "@/lib/validation/share-links";
import { parseJsonBody, parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { createShareLink } from "@/server/services/share-links/create-share-link";
import { listShareLinks } from "@/server/services/share-links/list-share-links";

export const POST = withUser(async (ctx, { req }) =>
  createShareLink({ ctx, input: await parseJsonBody(req, createShareLinkSchema) }),
);

export const GET = withUser(async (ctx, { req }) =>
  listShareLinks({ ctx, input: parseQuery(req, listShareLinksQuery) }),
);
