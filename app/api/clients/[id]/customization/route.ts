import { withClientAccess, type ClientContext } from "@/server/http/route";
import { getCustomization } from "@/server/services/customization/get-customization";
import { readCustomizationInput } from "@/server/services/customization/read-customization-input";
import { resetCustomization } from "@/server/services/customization/reset-customization";
import { saveCustomization } from "@/server/services/customization/save-customization";
import type { CustomizationTarget } from "@/server/services/customization/target";

const target = (ctx: ClientContext): CustomizationTarget => ({
  level: "client",
  agencyId: ctx.access.client.agencyId,
  clientId: ctx.access.client.id,
});

export const GET = withClientAccess("client:view", async (ctx) => getCustomization({ target: target(ctx) }));
export const PUT = withClientAccess("client:customize", async (ctx) =>
  saveCustomization({ target: target(ctx), input: await readCustomizationInput(ctx.req) }),
);
export const DELETE = withClientAccess("client:customize", async (ctx) => resetCustomization({ target: target(ctx) }));
