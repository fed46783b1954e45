import "server-only";
import { CUSTOMIZATION_MESSAGES as M, type LogoMimeType } from "@/lib/constants/customization";
import { sanitizeSvg, SvgRejectedError, type SvgRejection } from "../../integrations/svg/sanitize-svg";

export interface AcceptedLogo {
  mimeType: LogoMimeType;
  bytes: Buffer;
  /** For SVGs: what the sanitizer took out. */
  removed: string[];
}

/** An upload that is not a logo we take, with the message its field shows. */
export interface RefusedLogo {
  refused: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const SVG_REFUSALS: Record<SvgRejection, string> = {
  malformed: M.logoInvalid,
  "too-deep": M.logoSvgTooDeep,
  "too-many-nodes": M.logoSvgTooManyNodes,
  filters: M.logoSvgFilters,
  "too-large": M.logoSvgTooLarge,
};

/**
 * Decides what an upload is from its bytes, never its name or declared type: a PNG (signature and
 * IHDR chunk first), a JPEG (SOI marker), or an SVG (UTF-8 XML with an <svg> root, then sanitized;
 * an SVG too costly to draw is refused with its reason). Anything else is refused as not an image.
 */
export function detectLogo(bytes: Buffer): AcceptedLogo | RefusedLogo {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString("latin1", 12, 16) === "IHDR") {
    return { mimeType: "image/png", bytes, removed: [] };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mimeType: "image/jpeg", bytes, removed: [] };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { refused: M.logoInvalid };
  }
  if (!/^\uFEFF?\s*</.test(text) || !text.includes("<svg")) return { refused: M.logoInvalid };
  try {
    const { svg, removed } = sanitizeSvg(text);
    return { mimeType: "image/svg+xml", bytes: Buffer.from(svg, "utf8"), removed };
  } catch (error) {
    if (error instanceof SvgRejectedError) return { refused: SVG_REFUSALS[error.kind] };
    throw error;
  }
}
