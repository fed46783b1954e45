import "server-only";
import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import { db } from "../../db/client";
import { customizations } from "../../db/schema";
import type { ExportLogo, ExportTheme } from "../../exports/export-model";
import { imageSize } from "../../exports/image-size";
import { resolveCustomization } from "../customization/resolve-customization";
import { svgLogoRaster } from "./svg-logo-raster";

/**
 * The project's look for the files: the one agency → client → project resolution the screens use,
 * with the logo's bytes. An SVG logo comes as the PNG drawn from it (Office must not embed SVG: PowerPoint
 * repairs a deck with one); if it cannot be drawn within the render budget, the report title stands in for it.
 */
export async function loadTheme(target: {
  agencyId: string;
  clientId: string;
  projectId: string;
}): Promise<ExportTheme> {
  const { effective } = await resolveCustomization({ level: "project", ...target });
  let logo: ExportLogo | null = null;
  const ref = effective.logo;
  if (ref && (ref.mimeType === "image/png" || ref.mimeType === "image/jpeg" || ref.mimeType === "image/svg+xml")) {
    const where: SQL[] = [eq(customizations.agencyId, target.agencyId), eq(customizations.level, ref.level)];
    if (ref.level !== "agency") where.push(eq(customizations.clientId, target.clientId));
    if (ref.level === "project") where.push(eq(customizations.projectId, target.projectId));
    const [row] = await db()
      .select({
        id: customizations.id,
        updatedAt: customizations.updatedAt,
        logo: customizations.logo,
        logoRaster: customizations.logoRaster,
      })
      .from(customizations)
      .where(and(...where, isNotNull(customizations.logo)))
      .limit(1);
    if (row?.logo && ref.mimeType === "image/svg+xml") {
      logo = await svgLogoRaster({ ...row, logo: row.logo });
    } else if (row?.logo && ref.mimeType !== "image/svg+xml") {
      const size = imageSize(row.logo, ref.mimeType);
      logo = { data: row.logo, mimeType: ref.mimeType, width: size?.width ?? null, height: size?.height ?? null };
    }
  }
  return {
    logo,
    chartColor: effective.chartColor,
    palette: effective.palette,
    font: effective.font,
    reportTitle: effective.reportTitle,
    footerText: effective.footerText,
  };
}
