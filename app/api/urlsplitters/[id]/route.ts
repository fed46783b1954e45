import { updateSplitTestSchema } from "@/lib/validation/split-tests";
import { requireSplitTestAccess, type SplitTestAccess } from "@/server/auth/split-test-access";
import { parseJsonBody } from "@/server/http/body";
import { withAccess } from "@/server/http/route";
import { deleteSplitTest } from "@/server/services/split-tests/delete-split-test";
import { getSplitTest } from "@/server/services/split-tests/get-split-test";
import { updateSplitTest } from "@/server/services/split-tests/update-split-test";

export const GET = withAccess<SplitTestAccess>(requireSplitTestAccess, "report:view", async (ctx) =>
  getSplitTest({ ctx }),
);
export const PUT = withAccess<SplitTestAccess>(requireSplitTestAccess, "report:manage", async (ctx, http) =>
  updateSplitTest({ ctx, input: await parseJsonBody(http.req, updateSplitTestSchema) }),
);
export const DELETE = withAccess<SplitTestAccess>(requireSplitTestAccess, "report:manage", async (ctx) =>
  deleteSplitTest({ ctx }),
);
