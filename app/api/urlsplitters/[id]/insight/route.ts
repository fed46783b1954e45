import { addSplitTestToReportSchema } from "@/lib/validation/split-tests";
import { requireSplitTestAccess, type SplitTestAccess } from "@/server/auth/split-test-access";
import { parseJsonBody } from "@/server/http/body";
import { json, withAccess } from "@/server/http/route";
import { addSplitTestToReport } from "@/server/services/split-tests/add-split-test-to-report";

/** Adds the test's current result to a ready report of its project, as an insight. */
export const POST = withAccess<SplitTestAccess>(requireSplitTestAccess, "report:manage", async (ctx, http) =>
  json(await addSplitTestToReport({ ctx, input: await parseJsonBody(http.req, addSplitTestToReportSchema) }), 201),
);
