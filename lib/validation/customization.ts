import { z } from "zod";
import { CUSTOMIZATION_MESSAGES as M, FONT_VALUES, MAX_PALETTE_COLORS } from "../constants/customization";
import { optionalText } from "./fields";

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
export const isHexColor = (value: string) => HEX_COLOR.test(value);

/** "#2563eb, #16a34a" → ["#2563eb", "#16a34a"]; empty means "inherit the palette". */
export function splitPalette(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * The text fields of PUT /{agencies|clients|properties}/{id}/customization (multipart/form-data),
 * also the customization form's schema. The chart colour is required at every level; an empty
 * palette, font, report title or footer inherits the level above. The logo file is checked apart
 * (by its bytes, on the server).
 */
export const customizationSchema = z.object({
  chartColor: z
    .string({ error: M.chartColorRequired })
    .trim()
    .min(1, M.chartColorRequired)
    .refine(isHexColor, M.chartColorInvalid)
    .transform((v) => v.toLowerCase()),
  palette: z
    .string()
    .optional()
    .transform((v) => splitPalette(v ?? ""))
    .refine((list) => list.every(isHexColor), M.paletteInvalid)
    .refine((list) => list.length <= MAX_PALETTE_COLORS, M.paletteTooLong)
    .transform((list) => (list.length ? list : null)),
  font: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || FONT_VALUES.includes(v), M.fontInvalid),
  reportTitle: optionalText("Report title").transform((v) => v ?? null),
  footerText: optionalText("Footer text").transform((v) => v ?? null),
  /** Drop this level's own logo (it then shows the inherited one). Form data sends "true"/"on". */
  removeLogo: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === "true" || v === "1" || v === "on"),
});
export type CustomizationInput = z.input<typeof customizationSchema>;
export type CustomizationFields = z.output<typeof customizationSchema>;
