import "server-only";
import type { Logo } from "../services/customization/get-logo";

/** Headers that keep an uploaded file inert even if opened directly (an SVG is a document). */
export const LOGO_HEADERS = {
  // sandbox: even an SVG opened as a page of its own gets a unique origin and runs nothing.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "private, no-cache",
} as const;

/** The logo as an inline file, or 304 when the caller's copy (If-None-Match) is still current. */
export function logoResponse(logo: Logo, ifNoneMatch: string | null): Response {
  const headers = { ...LOGO_HEADERS, ETag: logo.etag };
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === logo.etag))
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(logo.bytes), {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": logo.mimeType,
      "Content-Length": String(logo.bytes.length),
      "Content-Disposition": `inline; filename="${logo.fileName}"`,
    },
  });
}
