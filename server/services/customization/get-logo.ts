import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import { LOGO_MIME_TYPES, type LogoMimeType } from "@/lib/constants/customization";
import type { Actor } from "../../auth/actor";
import { requireClientAccess, requireProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { customizations } from "../../db/schema";
import { AppError, NotFoundError } from "../../errors";

const EXTENSIONS: Record<LogoMimeType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/svg+xml": "svg" };

/** Headers that keep an uploaded file inert even if opened directly (an SVG is a document). */
export const LOGO_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "private, no-cache",
} as const;

/**
 * GET /customizations/{id}/logo: the logo bytes, for members of the owning agency who may see
 * that level (an agency's logo: every member; a client's or project's: those with access to the
 * client). Everyone else, and a row without a logo, gets 404.
 */
export async function getLogo({
  ctx,
  id,
  ifNoneMatch,
}: {
  ctx: { actor: Actor };
  id: string;
  ifNoneMatch: string | null;
}): Promise<Response> {
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
  const etag = `"${row.id}-${row.updatedAt.getTime()}"`;
  const headers = { ...LOGO_HEADERS, ETag: etag };
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag))
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(row.logo), {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": mimeType,
      "Content-Length": String(row.logo.length),
      "Content-Disposition": `inline; filename="logo.${EXTENSIONS[mimeType]}"`,
    },
  });
}
