/**
 * The CSS font stack to draw a customization's font with. The app ships Inter as the web font
 * "Inter Variable" (app/layout.tsx), so the "Inter" option renders as Inter on every viewer's
 * machine, not as the Arial (or DejaVu) it fell back to where Inter was not installed. Stored
 * values stay as the customization form lists them; the other fonts are system fonts.
 */
export function fontStack(font: string | null | undefined): string | undefined {
  if (!font) return undefined;
  return /^\s*['"]?Inter\b/.test(font) ? `"Inter Variable", ${font}` : font;
}
