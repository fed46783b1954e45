import "server-only";
import { eq } from "drizzle-orm";
import { CUSTOMIZATION_MESSAGES } from "@/lib/constants/customization";
import { db } from "../../db/client";
import { customizations } from "../../db/schema";
import { checkCustomizationForm, type CustomizationForm } from "./customization-input";
import { resolveCustomization } from "./resolve-customization";
import { customizationTarget, lockTarget, targetWhere, type CustomizationContext } from "./target";

/**
 * PUT .../customization: checks the form, then replaces the level's own settings in one transaction.
 * Empty fields inherit; the stored logo stays unless a new one is sent or removeLogo is set.
 */
export async function saveCustomization({ ctx, input }: { ctx: CustomizationContext; input: CustomizationForm }) {
  const target = customizationTarget(ctx);
  const { fields, logo } = await checkCustomizationForm(input);
  const values = {
    chartColor: fields.chartColor,
    palette: fields.palette,
    font: fields.font,
    reportTitle: fields.reportTitle,
    footerText: fields.footerText,
    ...(logo
      ? { logo: logo.bytes, logoMimeType: logo.mimeType, logoRaster: logo.raster }
      : fields.removeLogo
        ? { logo: null, logoMimeType: null, logoRaster: null }
        : {}),
  };
  const view = await db().transaction(async (tx) => {
    await lockTarget(tx, target);
    const [existing] = await tx
      .select({ id: customizations.id })
      .from(customizations)
      .where(targetWhere(target))
      .limit(1);
    if (existing) {
      await tx.update(customizations).set(values).where(eq(customizations.id, existing.id));
    } else {
      await tx.insert(customizations).values({
        agencyId: target.agencyId,
        level: target.level,
        clientId: target.level === "agency" ? null : target.clientId,
        projectId: target.level === "project" ? target.projectId : null,
        ...values,
      });
    }
    return resolveCustomization(target, tx);
  });
  return { ...view, message: CUSTOMIZATION_MESSAGES.saved, logoRemovedParts: logo?.removed ?? [] };
}
