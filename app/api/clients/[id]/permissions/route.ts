import { withClientAccess } from "@/server/http/route";
import { clientPermissions } from "@/server/services/sharing/user-clients";

export const GET = withClientAccess("client:view", async (ctx) => clientPermissions({ ctx }));
