import "server-only";
import { CUSTOMIZATION_MESSAGES as M, MAX_LOGO_BYTES } from "@/lib/constants/customization";
import { MESSAGES } from "@/lib/constants/messages";
import { customizationSchema, type CustomizationFields } from "@/lib/validation/customization";
import { AppError, fieldErrorsFromZod, ValidationError, type FieldErrors } from "../../errors";
import { fileField, readFormData, textField } from "../../http/multipart";

import { detectLogo, type AcceptedLogo } from "./detect-logo";

// Room for the text fields and the multipart framing around a logo of the maximum size.
const FORM_OVERHEAD_BYTES = 64 * 1024;

export interface CustomizationInput {
  fields: CustomizationFields;
  logo: AcceptedLogo | null;
}

const tooLarge = () => new AppError(413, M.logoTooLarge, { logo: M.logoTooLarge });

/**
 * The multipart body of PUT .../customization: text fields through the shared schema, the logo
 * checked by size and then by its bytes. An oversized upload is 413 before it is read whole;
 * field and logo errors come back together as one 400.
 */
export async function readCustomizationInput(req: Request): Promise<CustomizationInput> {
  const form = await readFormData(req, {
    maxBodyBytes: MAX_LOGO_BYTES + FORM_OVERHEAD_BYTES,
    tooLargeMessage: M.logoTooLarge,
    field: "logo",
    notFormMessage: M.notMultipart,
    malformedMessage: M.malformedForm,
  });
  const file = fileField(form, "logo");
  if (file && file.size > MAX_LOGO_BYTES) throw tooLarge();

  const errors: FieldErrors = {};
  const parsed = customizationSchema.safeParse({
    chartColor: textField(form, "chartColor"),
    palette: textField(form, "palette"),
    font: textField(form, "font"),
    reportTitle: textField(form, "reportTitle"),
    footerText: textField(form, "footerText"),
    removeLogo: textField(form, "removeLogo"),
  });
  if (!parsed.success) Object.assign(errors, fieldErrorsFromZod(parsed.error));

  let logo: AcceptedLogo | null = null;
  if (file) {
    logo = detectLogo(Buffer.from(await file.arrayBuffer()));
    if (!logo) errors.logo = M.logoInvalid;
    // A sanitized SVG is rebuilt and could, in theory, come out longer than it went in.
    else if (logo.bytes.length > MAX_LOGO_BYTES) throw tooLarge();
  }

  const messages = Object.values(errors);
  if (messages.length)
    throw new ValidationError(errors, messages.length === 1 ? messages[0] : MESSAGES.validationFailed);
  return { fields: parsed.data!, logo };
}
