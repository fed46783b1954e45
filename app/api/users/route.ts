import { withUser } from "@/server/http/route";
import { getCurrentUser } from "@/server/services/users/get-user";

/** GET /api/users: the logged-in user's info, with their agency and allowed actions. */
export const GET = withUser(async (ctx) => getCurrentUser({ ctx }));
