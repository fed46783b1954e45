import "server-only";
import { CUSTOMIZATION_MESSAGES as M, MAX_LOGO_BYTES } from "@/lib/constants/customization";
import { MESSAGES } from "@/lib/constants/messages";
import { customizationSchema, type CustomizationFields } from "@/lib/validation/customization";
import { unsafeTextPath } from "@/lib/validation/safe-text";
import { rasterizeSvg, type RenderFailure } from "../../exports/rasterize-svg";
import { AppError, fieldErrorsFromZod, ValidationError, type FieldErrors } from "../../errors";
import { detectLogo, type AcceptedLogo } from "./detect-logo";

/** The text fields of the customization form, by name. */
export const CUSTOMIZATION_FORM_FIELDS = [
  "chartColor",
  "palette",
  "font",
  "reportTitle",
  "footerText",
  "removeLogo",
] as const satisfies readonly (keyof CustomizationFields)[];

/** The form as sent, before any check: its text fields and the chosen logo's bytes. */
export interface CustomizationForm {
  fields: Partial<Record<(typeof CUSTOMIZATION_FORM_FIELDS)[number], string>>;
  logo: Buffer | null;
}

/** A logo once checked; an SVG carries the PNG the files and emails will embed, drawn once here. */
export interface CheckedLogo extends AcceptedLogo {
  raster: Buffer | null;
}

/** The form once checked: fields through the shared schema, the logo recognised (and an SVG sanitized and drawn). */
export interface CustomizationInput {
  fields: CustomizationFields;
  logo: CheckedLogo | null;
}

const tooLarge = () => new AppError(413, M.logoTooLarge, { logo: M.logoTooLarge });

const RENDER_REFUSALS: Record<RenderFailure, string> = {
  timeout: M.logoSvgTooSlow,
  memory: M.logoSvgTooBig,
  "too-tall": M.logoSvgTooTall,
  unreadable: M.logoSvgUnreadable,
  crashed: M.logoSvgUnreadable,
};

/**
 * Text fields through the shared schema, the logo checked by size and then by its bytes. An oversized
 * logo is 413 on its own; field and logo errors come back together as one 400. An SVG that passes is
 * drawn to PNG within the render budget (in a child process): one that cannot be is refused here, at
 * upload, rather than failing every export later.
 */
export async function checkCustomizationForm(form: CustomizationForm): Promise<CustomizationInput> {
  if (form.logo && form.logo.length > MAX_LOGO_BYTES) throw tooLarge();

  const errors: FieldErrors = {};
  const unsafe = unsafeTextPath(form.fields);
  if (unsafe) errors[unsafe] = MESSAGES.invalidCharacters;
  const parsed = customizationSchema.safeParse(form.fields);
  if (!parsed.success) Object.assign(errors, fieldErrorsFromZod(parsed.error));

  let logo: CheckedLogo | null = null;
  if (form.logo) {
    const detected = detectLogo(form.logo);
    if ("refused" in detected) errors.logo = detected.refused;
    // A sanitized SVG is rebuilt and could, in theory, come out longer than it went in.
    else if (detected.bytes.length > MAX_LOGO_BYTES) throw tooLarge();
    else logo = { ...detected, raster: null };
  }
  // Drawn only when everything else holds: nothing is spent on a form that is refused anyway.
  if (logo?.mimeType === "image/svg+xml" && Object.keys(errors).length === 0) {
    const drawn = await rasterizeSvg(logo.bytes);
    if (drawn.ok) logo.raster = drawn.logo.data;
    else errors.logo = RENDER_REFUSALS[drawn.reason];
  }

  const messages = Object.values(errors);
  if (messages.length)
    throw new ValidationError(errors, messages.length === 1 ? messages[0] : MESSAGES.validationFailed);
  return { fields: parsed.data!, logo };
}
