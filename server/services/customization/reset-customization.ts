import "server-only";
import { CUSTOMIZATION_MESSAGES } from "@/lib/constants/customization";
import { db } from "../../db/client";
import { customizations } from "../../db/schema";
import { resolveCustomization } from "./resolve-customization";
import { customizationTarget, targetWhere, type CustomizationContext } from "./target";

/** DELETE .../customization: the level goes back to what it inherits (its row, logo included, is deleted). */
export async function resetCustomization({ ctx }: { ctx: CustomizationContext }) {
  const target = customizationTarget(ctx);
  await db().delete(customizations).where(targetWhere(target));
  return { ...(await resolveCustomization(target)), message: CUSTOMIZATION_MESSAGES.reset };
}
