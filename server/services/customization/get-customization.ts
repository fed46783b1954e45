import "server-only";
import { resolveCustomization } from "./resolve-customization";
import type { CustomizationTarget } from "./target";

/** GET .../customization: own, inherited and effective look of one level. */
export async function getCustomization({ target }: { target: CustomizationTarget }) {
  return resolveCustomization(target);
}
