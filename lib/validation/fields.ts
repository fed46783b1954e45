import { z } from "zod";
import { MESSAGES, maxLengthMessage } from "../constants/messages";
import { isSafeText } from "./safe-text";

// Building blocks shared by every form and route handler, so both give the same messages.

export const MAX_TEXT_LENGTH = 255;
export const PASSWORD_SPECIALS = "!@#?$%^&*";
const EMAIL_PATTERN = /^[^\s@"<>(),;:]+@[^\s@"<>(),;:]+\.[^\s@"<>(),;:]{2,}$/;
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#?$%^&*]).{6,}$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value);

/** Any text field: no NUL and no lone surrogate, which PostgreSQL cannot store (see safe-text.ts). */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isSafeText, MESSAGES.invalidCharacters);

export const requiredText = (label: string, max = MAX_TEXT_LENGTH) =>
  safeString({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, maxLengthMessage(label, max));

export const optionalText = (label: string, max = MAX_TEXT_LENGTH) =>
  safeString()
    .trim()
    .max(max, maxLengthMessage(label, max))
    .optional()
    .transform((v) => (v ? v : undefined));

export const email = () =>
  requiredText("Email")
    .refine(isEmail, MESSAGES.invalidEmail)
    .transform((v) => v.toLowerCase());

/** Phone: 10 to 16 digits; spaces, dashes, dots, brackets and a leading + are allowed as separators. */
export const optionalPhone = () =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^\+?[\d\s().-]+$/.test(v), MESSAGES.invalidPhone)
    .refine((v) => {
      if (!v) return true;
      const digits = v.replace(/\D/g, "").length;
      return digits >= 10 && digits <= 16;
    }, MESSAGES.invalidPhone)
    .transform((v) => (v ? v : undefined));

export const password = () =>
  z
    .string({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(MAX_TEXT_LENGTH, maxLengthMessage("Password"))
    .regex(PASSWORD_PATTERN, MESSAGES.passwordRules);

/** The new-password pair of every password form; combine with `passwordsMatch`. */
export const passwordFields = () => ({
  password: password(),
  confirmPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
});

/** Refinement for objects with password and confirmPassword: the error lands on confirmPassword. */
export const passwordsMatch = [
  (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword,
  { message: MESSAGES.passwordMismatch, path: ["confirmPassword"] as PropertyKey[] },
] as const;

export const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(MAX_TEXT_LENGTH, maxLengthMessage(label))
    .optional()
    .refine((v) => !v || isUrl(v), "Please enter a valid URL")
    .transform((v) => (v ? v : undefined));

/** For edits: absent leaves the value as it is, an empty string clears it (null). */
export const clearableUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(MAX_TEXT_LENGTH, maxLengthMessage(label))
    .refine((v) => v === "" || isUrl(v), "Please enter a valid URL")
    .transform((v) => (v === "" ? null : v))
    .optional();

export function isUrl(value: string): boolean {
  try {
    const candidate = /^https?:\/\//i.test(value) ? value : `https://${value}`;
    const url = new URL(candidate);
    return /\.[a-z]{2,}$/i.test(url.hostname) || url.hostname === "localhost";
  } catch {
    return false;
  }
}

/** For partial updates (PUT with any subset of fields): an empty body changes nothing and is a 400. */
export const someFieldSet = [
  (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined),
  { message: MESSAGES.emptyUpdate },
] as const;
