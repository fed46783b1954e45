import { readCustomizationForm } from "@/server/http/customization-form";
import { withProjectAccess } from "@/server/http/route";
import { getCustomization } from "@/server/services/customization/get-customization";
import { resetCustomization } from "@/server/services/customization/reset-customization";
import { saveCustomization } from "@/server/services/customization/save-customization";

export const GET = withProjectAccess("project:view", async (ctx) => getCustomization({ ctx }));
export const PUT = withProjectAccess("client:customize", async (ctx, http) =>
  saveCustomization({ ctx, input: await readCustomizationForm(http.req) }),
);
export const DELETE = withProjectAccess("client:customize", async (ctx) => resetCustomization({ ctx }));
