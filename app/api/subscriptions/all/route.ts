import { withUser } from "@/server/http/route";
import { listPlans } from "@/server/services/billing/list-plans";

/** GET /api/subscriptions/all: the plans (basic, pro, business × Team, Personal) with prices and limits. */
export const GET = withUser(async () => listPlans());
