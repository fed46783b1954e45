import "server-only";
import { resolveCustomization } from "./resolve-customization";
import { customizationTarget, type CustomizationContext } from "./target";

/** GET .../customization: own, inherited and effective look of one level. */
export async function getCustomization({ ctx }: { ctx: CustomizationContext }) {
  return resolveCustomization(customizationTarget(ctx));
}
