import "server-only";
import { CUSTOMIZATION_MESSAGES as M, MAX_LOGO_BYTES } from "@/lib/constants/customization";
import { MESSAGES } from "@/lib/constants/messages";
import { customizationSchema, type CustomizationFields } from "@/lib/validation/customization";
import { unsafeTextPath } from "@/lib/validation/safe-text";
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

/** The form once checked: fields through the shared schema, the logo recognised (and an SVG sanitized). */
export interface CustomizationInput {
  fields: CustomizationFields;
  logo: AcceptedLogo | null;
}

const tooLarge = () => new AppError(413, M.logoTooLarge, { logo: M.logoTooLarge });

/**
 * Text fields through the shared schema, the logo checked by size and then by its bytes. An oversized
 * logo is 413 on its own; field and logo errors come back together as one 400.
 */
export function checkCustomizationForm(form: CustomizationForm): CustomizationInput {
  if (form.logo && form.logo.length > MAX_LOGO_BYTES) throw tooLarge();

  const errors: FieldErrors = {};
  const unsafe = unsafeTextPath(form.fields);
  if (unsafe) errors[unsafe] = MESSAGES.invalidCharacters;
  const parsed = customizationSchema.safeParse(form.fields);
  if (!parsed.success) Object.assign(errors, fieldErrorsFromZod(parsed.error));

  let logo: AcceptedLogo | null = null;
  if (form.logo) {
    logo = detectLogo(form.logo);
    if (!logo) errors.logo = M.logoInvalid;
    // A sanitized SVG is rebuilt and could, in theory, come out longer than it went in.
    else if (logo.bytes.length > MAX_LOGO_BYTES) throw tooLarge();
  }

  const messages = Object.values(errors);
  if (messages.length)
    throw new ValidationError(errors, messages.length === 1 ? messages[0] : MESSAGES.validationFailed);
  return { fields: parsed.data!, logo };
}
