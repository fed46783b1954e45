import { updateTagSchema } from "@/lib/validation/reports";
import { parseJsonBody } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { deleteTag } from "@/server/services/tags/delete-tag";
import { requireTagAccess } from "@/server/services/tags/tag-access";
import { tagInsightIds, tagView } from "@/server/services/tags/tag-view";
import { updateTag } from "@/server/services/tags/update-tag";

export const GET = withUser<{ id: string }>(async (ctx) => {
  const { tag } = await requireTagAccess(ctx.actor, ctx.params.id, "report:view");
  return tagView(tag, await tagInsightIds(tag.id));
});
export const PUT = withUser<{ id: string }>(async (ctx) => {
  const access = await requireTagAccess(ctx.actor, ctx.params.id, "report:manage");
  return updateTag({ access, input: await parseJsonBody(ctx.req, updateTagSchema) });
});
export const DELETE = withUser<{ id: string }>(async (ctx) =>
  deleteTag({ access: await requireTagAccess(ctx.actor, ctx.params.id, "report:manage") }),
);
