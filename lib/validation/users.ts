import { z } from "zod";
import { MESSAGES } from "../constants/messages";
import { changePasswordFields, newPasswordDiffers } from "./auth";
import { isEmail, optionalPhone, passwordsMatch, requiredText } from "./fields";

export const profileSchema = z.object({
  firstName: requiredText("First name"),
  lastName: requiredText("Last name"),
  phone: optionalPhone(),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** PUT /api/users/{id}: the profile page's two modes. */
export const userUpdateSchema = z.discriminatedUnion("mode", [
  profileSchema.extend({ mode: z.literal("edit") }),
  z
    .object({ mode: z.literal("change-password"), ...changePasswordFields() })
    .refine(...passwordsMatch)
    .refine(...newPasswordDiffers),
]);

/** Accepts "a@x.com, b@y.com" or an array; each must be valid, 1 to 20 of them. */
export const inviteSchema = z.object({
  emails: z
    .union([z.string(), z.array(z.string())], { error: MESSAGES.required })
    .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,;]+/)).map((e) => e.trim().toLowerCase()).filter(Boolean))
    .refine((list) => list.length > 0, MESSAGES.required)
    .refine((list) => list.length <= 20, "You can invite at most 20 people at once")
    .refine((list) => list.every(isEmail), MESSAGES.invalidEmails)
    .transform((list) => [...new Set(list)]),
});
export type InviteInput = z.input<typeof inviteSchema>;
