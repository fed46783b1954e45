import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "../../db/client";
import { customizations } from "../../db/schema";
import type { ExportLogo } from "../../exports/export-model";
import { imageSize } from "../../exports/image-size";
import { rasterizeSvg } from "../../exports/rasterize-svg";
import { log } from "../../log";

/** A stored SVG logo and the PNG kept with it (null for one stored before PNGs were kept). */
export interface StoredSvgLogo {
  id: string;
  updatedAt: Date;
  logo: Buffer;
  logoRaster: Buffer | null;
}

/** A logo that could not be drawn is not tried again by this process for this long (per logo version). */
const RETRY_FAILED_AFTER_MS = 10 * 60_000;
const MAX_REMEMBERED_FAILURES = 256;

// One render per logo version at a time: a hundred share-link readers of a report whose logo has no PNG yet wait on
// the same child process instead of starting a hundred.
const drawing = new Map<string, Promise<ExportLogo | null>>();
const failedUntil = new Map<string, number>();

function pngLogo(png: Buffer): ExportLogo {
  const size = imageSize(png, "image/png");
  return { data: png, mimeType: "image/png", width: size?.width ?? null, height: size?.height ?? null };
}

async function drawAndKeep(row: StoredSvgLogo, version: string): Promise<ExportLogo | null> {
  const drawn = await rasterizeSvg(row.logo);
  if (!drawn.ok) {
    log("warn", "svg logo could not be drawn within its budget; files use the report title", {
      customizationId: row.id,
      reason: drawn.reason,
    });
    if (failedUntil.size >= MAX_REMEMBERED_FAILURES) failedUntil.delete(failedUntil.keys().next().value!);
    failedUntil.set(version, Date.now() + RETRY_FAILED_AFTER_MS);
    return null;
  }
  // Kept for every process, on this very version only: a logo replaced meanwhile keeps its own PNG. The version
  // (updated_at) is written back as it was, so keeping the PNG changes nothing a reader could see.
  await db()
    .update(customizations)
    .set({ logoRaster: drawn.logo.data, updatedAt: row.updatedAt })
    .where(
      and(
        eq(customizations.id, row.id),
        eq(customizations.updatedAt, row.updatedAt),
        isNull(customizations.logoRaster),
      ),
    );
  return pngLogo(drawn.logo.data);
}

/**
 * The PNG the files and emails embed for an SVG logo: the one kept since upload, or, for a logo stored before
 * uploads kept one, drawn once within the render budget (off this thread) and kept. Null when it cannot be drawn:
 * the report title stands in for it.
 */
export async function svgLogoRaster(row: StoredSvgLogo): Promise<ExportLogo | null> {
  if (row.logoRaster) return pngLogo(row.logoRaster);
  const version = `${row.id}:${row.updatedAt.getTime()}`;
  if ((failedUntil.get(version) ?? 0) > Date.now()) return null;
  let pending = drawing.get(version);
  if (!pending) {
    pending = drawAndKeep(row, version).finally(() => drawing.delete(version));
    drawing.set(version, pending);
  }
  return pending;
}
