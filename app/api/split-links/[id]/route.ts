import { updateSplitLinkSchema } from "@/lib/validation/split-links";
import { requireSplitLinkAccess, type SplitLinkAccess } from "@/server/auth/split-link-access";
import { parseJsonBody } from "@/server/http/body";
import { withAccess } from "@/server/http/route";
import { deleteSplitLink, getSplitLink, updateSplitLink } from "@/server/services/split-links/manage-split-link";

export const GET = withAccess<SplitLinkAccess>(requireSplitLinkAccess, "report:view", async (ctx) =>
  getSplitLink({ ctx }),
);
export const PUT = withAccess<SplitLinkAccess>(requireSplitLinkAccess, "report:manage", async (ctx, http) =>
  updateSplitLink({ ctx, input: await parseJsonBody(http.req, updateSplitLinkSchema) }),
);
export const DELETE = withAccess<SplitLinkAccess>(requireSplitLinkAccess, "report:manage", async (ctx) =>
  deleteSplitLink({ ctx }),
);
