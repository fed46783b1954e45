import { withUser } from "@/server/http/route";
import { getGoogleAccount } from "@/server/services/google-service/sign-in";

export const GET = withUser(async (ctx) => getGoogleAccount({ ctx }));
