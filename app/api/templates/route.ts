import { withUser } from "@/server/http/route";
import { listTemplates } from "@/server/services/templates/list-templates";

export const GET = withUser(async () => listTemplates());
