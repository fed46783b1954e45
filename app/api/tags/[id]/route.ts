import { updateTagSchema } from "@/lib/validation/reports";
import { parseJsonBody } from "@/server/http/body";
import { withTagAccess } from "@/server/http/route";
import { deleteTag } from "@/server/services/tags/delete-tag";
import { getTag } from "@/server/services/tags/get-tag";
import { updateTag } from "@/server/services/tags/update-tag";

export const GET = withTagAccess("report:view", async (ctx) => getTag({ ctx }));
export const PUT = withTagAccess("report:manage", async (ctx, http) =>
  updateTag({ ctx, input: await parseJsonBody(http.req, updateTagSchema) }),
);
export const DELETE = withTagAccess("report:manage", async (ctx) => deleteTag({ ctx }));
