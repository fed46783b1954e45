import { withUser } from "@/server/http/route";
import { getDashboard } from "@/server/services/dashboard/get-dashboard";

export const GET = withUser(async (ctx) => getDashboard({ ctx }));
