import { z } from "zod";
import { MESSAGES } from "../constants/messages";
import { email, optionalPhone, optionalUrl, passwordFields, passwordsMatch, requiredText } from "./fields";

export const agencySignupSchema = z
  .object({
    agencyName: requiredText("Agency name"),
    website: optionalUrl("Website"),
    firstName: requiredText("First name"),
    lastName: requiredText("Last name"),
    email: email(),
    phone: optionalPhone(),
    ...passwordFields(),
    acceptTerms: z.literal(true, { error: MESSAGES.termsRequired }),
  })
  .refine(...passwordsMatch);
export type AgencySignupInput = z.input<typeof agencySignupSchema>;

export const loginSchema = z.object({
  email: email(),
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  /** The reCAPTCHA answer; also accepted under the widget's own form name, g-recaptcha-response. */
  recaptcha: z.string().max(10_000).optional(),
  "g-recaptcha-response": z.string().max(10_000).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: email() });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object(passwordFields()).refine(...passwordsMatch);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Staff sign-up through an invitation token (POST /api/users/signup). */
export const staffSignupSchema = z
  .object({
    token: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
    firstName: requiredText("First name"),
    lastName: requiredText("Last name"),
    phone: optionalPhone(),
    ...passwordFields(),
  })
  .refine(...passwordsMatch);
export type StaffSignupInput = z.input<typeof staffSignupSchema>;

export const tokenSchema = z.object({
  token: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(200),
});

export const changePasswordFields = () => ({
  currentPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  ...passwordFields(),
});
export const newPasswordDiffers = [
  (v: { currentPassword: string; password: string }) => v.currentPassword !== v.password,
  { message: MESSAGES.passwordSameAsPrevious, path: ["password"] as PropertyKey[] },
] as const;

export const changePasswordSchema = z
  .object(changePasswordFields())
  .refine(...passwordsMatch)
  .refine(...newPasswordDiffers);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
