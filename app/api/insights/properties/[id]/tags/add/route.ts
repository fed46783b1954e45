import { addTagSchema } from "@/lib/validation/reports";
import { parseJsonBody } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { addTag } from "@/server/services/tags/add-tag";

export const POST = withProjectAccess("report:manage", async (ctx, http) => {
  const { created, tag } = await addTag({ ctx, input: await parseJsonBody(http.req, addTagSchema) });
  return json(tag, created ? 201 : 200);
});
