import { withProjectAccess } from "@/server/http/route";
import { listTags } from "@/server/services/tags/list-tags";

export const GET = withProjectAccess("report:view", async (ctx) => listTags({ ctx }));
