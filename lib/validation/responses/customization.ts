import { z } from "zod";
import { CUSTOMIZATION_LEVELS } from "../../constants/customization";
import { timestamp, uuid } from "./common";

// What the look routes (…/{agencies,clients,properties}/{id}/customization) answer
// (server/services/customization/resolve-customization.ts `CustomizationView`).

const level = z.enum(CUSTOMIZATION_LEVELS);
const logo = z
  .strictObject({
    /** Where to fetch it, relative to the API base: GET /api/customizations/{id}/logo. */
    path: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    /** The level whose logo this is (an inherited logo belongs to an ancestor). */
    level,
  })
  .nullable();
const look = z.strictObject({
  chartColor: z.string(),
  palette: z.array(z.string()),
  font: z.string(),
  reportTitle: z.string(),
  footerText: z.string(),
  logo,
});
const source = z.enum(["default", ...CUSTOMIZATION_LEVELS]);

export const customizationResponse = z.strictObject({
  level,
  /** The level's own settings (null fields inherit the level above); null without any. */
  own: z
    .strictObject({
      id: uuid,
      level,
      chartColor: z.string().nullable(),
      palette: z.array(z.string()).nullable(),
      font: z.string().nullable(),
      reportTitle: z.string().nullable(),
      footerText: z.string().nullable(),
      logo,
      updatedAt: timestamp,
    })
    .nullable(),
  inherited: look,
  inheritedSources: z.strictObject({
    chartColor: source,
    palette: source,
    font: source,
    reportTitle: source,
    footerText: source,
    logo: source,
  }),
  effective: look,
  inheritsFrom: z.enum(["agency", "client", "default"]),
});

const saved = customizationResponse.extend({
  message: z.string(),
  /** What was taken out of an SVG logo to keep it inert (scripts, links). */
  logoRemovedParts: z.array(z.string()),
});
const reset = customizationResponse.extend({ message: z.string() });

export const CUSTOMIZATION_RESPONSES = Object.fromEntries(
  ["agencies", "clients", "properties"].flatMap((area) => [
    [`GET /api/${area}/{id}/customization`, customizationResponse],
    [`PUT /api/${area}/{id}/customization`, saved],
    [`DELETE /api/${area}/{id}/customization`, reset],
  ]),
) as Record<string, z.ZodType>;
