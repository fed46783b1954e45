import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { getDelivery } from "@/server/services/deliveries/get-delivery";

export const GET = withUser<{ id: string }>(async (ctx, { params }) =>
  getDelivery({ ctx, input: { id: uuidParam(params.id) } }),
);
