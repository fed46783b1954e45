import { withProjectAccess, type ProjectContext } from "@/server/http/route";
import { getCustomization } from "@/server/services/customization/get-customization";
import { readCustomizationInput } from "@/server/services/customization/read-customization-input";
import { resetCustomization } from "@/server/services/customization/reset-customization";
import { saveCustomization } from "@/server/services/customization/save-customization";
import type { CustomizationTarget } from "@/server/services/customization/target";

const target = (ctx: ProjectContext): CustomizationTarget => ({
  level: "project",
  agencyId: ctx.access.project.agencyId,
  clientId: ctx.access.project.clientId,
  projectId: ctx.access.project.id,
});

export const GET = withProjectAccess("project:view", async (ctx) => getCustomization({ target: target(ctx) }));
export const PUT = withProjectAccess("client:customize", async (ctx) =>
  saveCustomization({ target: target(ctx), input: await readCustomizationInput(ctx.req) }),
);
export const DELETE = withProjectAccess("client:customize", async (ctx) => resetCustomization({ target: target(ctx) }));
