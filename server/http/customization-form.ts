import "server-only";
import { CUSTOMIZATION_MESSAGES as M, MAX_LOGO_BYTES } from "@/lib/constants/customization";
import { CUSTOMIZATION_FORM_FIELDS, type CustomizationForm } from "../services/customization/customization-input";
import { fileField, readFormData, textField } from "./multipart";

// Room for the text fields and the multipart framing around a logo of the maximum size.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The multipart body of PUT .../customization as plain fields and the logo's bytes. An oversized
 * body is 413 before it is read whole; what the fields and the logo may hold, the service decides.
 */
export async function readCustomizationForm(req: Request): Promise<CustomizationForm> {
  const form = await readFormData(req, {
    maxBodyBytes: MAX_LOGO_BYTES + FORM_OVERHEAD_BYTES,
    tooLargeMessage: M.logoTooLarge,
    field: "logo",
    notFormMessage: M.notMultipart,
    malformedMessage: M.malformedForm,
  });
  const fields: CustomizationForm["fields"] = {};
  for (const name of CUSTOMIZATION_FORM_FIELDS) fields[name] = textField(form, name);
  const file = fileField(form, "logo");
  return { fields, logo: file ? Buffer.from(await file.arrayBuffer()) : null };
}
