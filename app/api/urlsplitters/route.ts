import { createSplitTestSchema, listSplitTestsSchema } from "@/lib/validation/split-tests";
import { parseJsonBody, parseQuery } from "@/server/http/body";
import { json, withUser } from "@/server/http/route";
import { createSplitTest } from "@/server/services/split-tests/create-split-test";
import { listSplitTests } from "@/server/services/split-tests/list-split-tests";

export const GET = withUser(async (ctx, http) =>
  listSplitTests({ ctx, input: parseQuery(http.req, listSplitTestsSchema) }),
);
export const POST = withUser(async (ctx, http) =>
  json(await createSplitTest({ ctx, input: await parseJsonBody(http.req, createSplitTestSchema) }), 201),
);
