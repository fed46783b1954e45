import { readCustomizationForm } from "@/server/http/customization-form";
import { withClientAccess } from "@/server/http/route";
import { getCustomization } from "@/server/services/customization/get-customization";
import { resetCustomization } from "@/server/services/customization/reset-customization";
import { saveCustomization } from "@/server/services/customization/save-customization";

export const GET = withClientAccess("client:view", async (ctx) => getCustomization({ ctx }));
export const PUT = withClientAccess("client:customize", async (ctx, http) =>
  saveCustomization({ ctx, input: await readCustomizationForm(http.req) }),
);
export const DELETE = withClientAccess("client:customize", async (ctx) => resetCustomization({ ctx }));
