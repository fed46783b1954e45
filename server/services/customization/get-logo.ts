import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import { LOGO_MIME_TYPES, type LogoMimeType } from "@/lib/constants/customization";
import { requireClientAccess, requireProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { customizations } from "../../db/schema";
import { AppError, NotFoundError } from "../../errors";
import type { ServiceContext } from "../context";

const EXTENSIONS: Record<LogoMimeType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/svg+xml": "svg" };

/** A stored logo: its bytes, type and a version that changes whenever the logo does. */
export interface Logo {
  bytes: Buffer;
  mimeType: LogoMimeType;
  fileName: string;
  /** A strong validator (`"id-updatedAt"`), for conditional requests. */
  etag: string;
}

/**
 * GET /customizations/{id}/logo: the logo bytes, for members of the owning agency who may see
 * that level (an agency's logo: every member; a client's or project's: those with access to the
 * client). Everyone else, and a row without a logo, gets 404.
 */
export async function getLogo({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<Logo> {
  const { id } = input;
  const [row] = await db()
    .select({
      id: customizations.id,
      level: customizations.level,
      clientId: customizations.clientId,
      projectId: customizations.projectId,
      logo: customizations.logo,
      logoMimeType: customizations.logoMimeType,
      updatedAt: customizations.updatedAt,
    })
    .from(customizations)
    .where(
      and(eq(customizations.id, id), eq(customizations.agencyId, ctx.actor.agencyId), isNotNull(customizations.logo)),
    )
    .limit(1);
  if (!row?.logo || !LOGO_MIME_TYPES.includes(row.logoMimeType as LogoMimeType)) throw new NotFoundError();
  try {
    if (row.level === "project" && row.projectId) await requireProjectAccess(ctx.actor, row.projectId, "project:view");
    else if (row.level === "client" && row.clientId) await requireClientAccess(ctx.actor, row.clientId, "client:view");
  } catch (error) {
    if (error instanceof AppError) throw new NotFoundError();
    throw error;
  }

  const mimeType = row.logoMimeType as LogoMimeType;
  return {
    bytes: row.logo,
    mimeType,
    fileName: `logo.${EXTENSIONS[mimeType]}`,
    etag: `"${row.id}-${row.updatedAt.getTime()}"`,
  };
}
