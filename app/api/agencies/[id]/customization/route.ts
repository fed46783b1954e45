import { ownAgencyParam } from "@/server/http/own-agency";
import { withAgencyAdmin, type UserContext } from "@/server/http/route";
import { getCustomization } from "@/server/services/customization/get-customization";
import { readCustomizationInput } from "@/server/services/customization/read-customization-input";
import { resetCustomization } from "@/server/services/customization/reset-customization";
import { saveCustomization } from "@/server/services/customization/save-customization";
import type { CustomizationTarget } from "@/server/services/customization/target";

// The agency's own look: agency admins only (staff change the look of the clients shared with them).
const target = (ctx: UserContext<{ id: string }>): CustomizationTarget => ({
  level: "agency",
  agencyId: ownAgencyParam(ctx.actor, ctx.params.id),
});

export const GET = withAgencyAdmin<{ id: string }>(async (ctx) => getCustomization({ target: target(ctx) }));
export const PUT = withAgencyAdmin<{ id: string }>(async (ctx) =>
  saveCustomization({ target: target(ctx), input: await readCustomizationInput(ctx.req) }),
);
export const DELETE = withAgencyAdmin<{ id: string }>(async (ctx) => resetCustomization({ target: target(ctx) }));
