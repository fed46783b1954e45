import { readCustomizationForm } from "@/server/http/customization-form";
import { ownAgencyParam } from "@/server/http/own-agency";
import { withAgencyAdmin } from "@/server/http/route";
import { getCustomization } from "@/server/services/customization/get-customization";
import { resetCustomization } from "@/server/services/customization/reset-customization";
import { saveCustomization } from "@/server/services/customization/save-customization";

// The agency's own look: agency admins only (staff change the look of the clients shared with them).
type P = { id: string };

export const GET = withAgencyAdmin<P>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return getCustomization({ ctx });
});
export const PUT = withAgencyAdmin<P>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return saveCustomization({ ctx, input: await readCustomizationForm(http.req) });
});
export const DELETE = withAgencyAdmin<P>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return resetCustomization({ ctx });
});
