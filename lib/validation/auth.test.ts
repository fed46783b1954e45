import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldErrorsFromZod } from "@/server/errors";
import { MESSAGES } from "../constants/messages";
import {
  agencySignupSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  staffSignupSchema,
  tokenSchema,
} from "./auth";

/** Field errors as the API returns them ({ field: firstMessage }); {} when valid. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrorsFromZod(result.error);
}

const validSignup = {
  agencyName: "Acme Agency",
  website: "acme.example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "Ada@Example.com",
  phone: "+1 555 123 4567",
  password: "Secret1!",
  confirmPassword: "Secret1!",
  acceptTerms: true,
};

describe("agencySignupSchema", () => {
  it("accepts a complete registration and normalises it", () => {
    const data = agencySignupSchema.parse(validSignup);
    expect(data.email).toBe("ada@example.com");
    expect(data.agencyName).toBe("Acme Agency");
  });

  it("marks every required field with 'This field is required' and terms as not accepted", () => {
    expect(errorsOf(agencySignupSchema, {})).toEqual({
      agencyName: MESSAGES.required,
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
      email: MESSAGES.required,
      password: MESSAGES.required,
      confirmPassword: MESSAGES.required,
      acceptTerms: MESSAGES.termsRequired,
    });
  });

  it("requires the terms to be accepted (false is refused)", () => {
    expect(errorsOf(agencySignupSchema, { ...validSignup, acceptTerms: false })).toEqual({
      acceptTerms: "You must accept the terms of service to register",
    });
    expect(errorsOf(agencySignupSchema, { ...validSignup, acceptTerms: "true" })).toEqual({
      acceptTerms: MESSAGES.termsRequired,
    });
  });

  it.each([
    ["agencyName", "Agency name"],
    ["firstName", "First name"],
    ["lastName", "Last name"],
  ])("limits %s to 255 characters with the field's label", (field, label) => {
    expect(errorsOf(agencySignupSchema, { ...validSignup, [field]: "x".repeat(255) })).toEqual({});
    expect(errorsOf(agencySignupSchema, { ...validSignup, [field]: "x".repeat(256) })).toEqual({
      [field]: `${label} should be equal or less than 255 characters`,
    });
  });

  it("checks email, phone and website", () => {
    expect(errorsOf(agencySignupSchema, { ...validSignup, email: "ada.example.com" })).toEqual({
      email: "Please enter a valid email",
    });
    expect(errorsOf(agencySignupSchema, { ...validSignup, phone: "12345" })).toEqual({ phone: MESSAGES.invalidPhone });
    expect(errorsOf(agencySignupSchema, { ...validSignup, website: "nope" })).toEqual({
      website: "Please enter a valid URL",
    });
    expect(errorsOf(agencySignupSchema, { ...validSignup, phone: "", website: "" })).toEqual({});
  });

  it("applies the password rules and the confirmation", () => {
    expect(errorsOf(agencySignupSchema, { ...validSignup, password: "weak", confirmPassword: "weak" })).toEqual({
      password: MESSAGES.passwordRules,
    });
    expect(errorsOf(agencySignupSchema, { ...validSignup, confirmPassword: "Secret2!" })).toEqual({
      confirmPassword: "Passwords do not match",
    });
  });
});

describe("loginSchema", () => {
  it("requires email and password, and checks the email", () => {
    expect(errorsOf(loginSchema, {})).toEqual({ email: MESSAGES.required, password: MESSAGES.required });
    expect(errorsOf(loginSchema, { email: "x", password: "" })).toEqual({
      email: MESSAGES.invalidEmail,
      password: MESSAGES.required,
    });
  });
  it("does not apply the password rules at login and keeps the recaptcha field", () => {
    expect(loginSchema.parse({ email: "A@B.co", password: "a", recaptcha: "r" })).toEqual({
      email: "a@b.co",
      password: "a",
      recaptcha: "r",
    });
  });
});

describe("forgotPasswordSchema", () => {
  it("requires a valid email", () => {
    expect(errorsOf(forgotPasswordSchema, {})).toEqual({ email: MESSAGES.required });
    expect(errorsOf(forgotPasswordSchema, { email: "bad" })).toEqual({ email: MESSAGES.invalidEmail });
    expect(forgotPasswordSchema.parse({ email: " X@Y.io " })).toEqual({ email: "x@y.io" });
  });
});

describe("resetPasswordSchema", () => {
  it("requires both fields, applies the rules and the confirmation", () => {
    expect(errorsOf(resetPasswordSchema, {})).toEqual({
      password: MESSAGES.required,
      confirmPassword: MESSAGES.required,
    });
    expect(errorsOf(resetPasswordSchema, { password: "Secret1", confirmPassword: "Secret1" })).toEqual({
      password: MESSAGES.passwordRules,
    });
    expect(errorsOf(resetPasswordSchema, { password: "Secret1!", confirmPassword: "Secret1?" })).toEqual({
      confirmPassword: MESSAGES.passwordMismatch,
    });
    expect(errorsOf(resetPasswordSchema, { password: "Secret1!", confirmPassword: "Secret1!" })).toEqual({});
  });
});

describe("staffSignupSchema", () => {
  const valid = { token: "t", firstName: "Sam", lastName: "Staff", password: "Secret1!", confirmPassword: "Secret1!" };
  it("accepts a valid staff sign-up", () => {
    expect(errorsOf(staffSignupSchema, valid)).toEqual({});
  });
  it("requires token, names and passwords", () => {
    expect(errorsOf(staffSignupSchema, {})).toEqual({
      token: MESSAGES.required,
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
      password: MESSAGES.required,
      confirmPassword: MESSAGES.required,
    });
  });
  it("checks lengths, phone and the confirmation", () => {
    expect(errorsOf(staffSignupSchema, { ...valid, lastName: "x".repeat(256) })).toEqual({
      lastName: "Last name should be equal or less than 255 characters",
    });
    expect(errorsOf(staffSignupSchema, { ...valid, phone: "1".repeat(17) })).toEqual({ phone: MESSAGES.invalidPhone });
    expect(errorsOf(staffSignupSchema, { ...valid, confirmPassword: "Other1!x" })).toEqual({
      confirmPassword: MESSAGES.passwordMismatch,
    });
  });
});

describe("tokenSchema", () => {
  it("requires a token of at most 200 characters", () => {
    expect(errorsOf(tokenSchema, {})).toEqual({ token: MESSAGES.required });
    expect(errorsOf(tokenSchema, { token: "" })).toEqual({ token: MESSAGES.required });
    expect(errorsOf(tokenSchema, { token: "x".repeat(201) })).toHaveProperty("token");
    expect(errorsOf(tokenSchema, { token: "abc" })).toEqual({});
  });
});

describe("changePasswordSchema", () => {
  it("requires the current password", () => {
    expect(errorsOf(changePasswordSchema, { password: "Secret2!", confirmPassword: "Secret2!" })).toEqual({
      currentPassword: MESSAGES.required,
    });
  });
  it("requires the new password to differ from the current one", () => {
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: "Secret1!",
        password: "Secret1!",
        confirmPassword: "Secret1!",
      }),
    ).toEqual({
      password: "The new password must be different from the previous one",
    });
  });
  it("applies the rules and the confirmation to the new password", () => {
    expect(
      errorsOf(changePasswordSchema, { currentPassword: "Secret1!", password: "short", confirmPassword: "short" }),
    ).toEqual({ password: MESSAGES.passwordRules });
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: "Secret1!",
        password: "Secret2!",
        confirmPassword: "Secret3!",
      }),
    ).toEqual({
      confirmPassword: MESSAGES.passwordMismatch,
    });
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: "Secret1!",
        password: "Secret2!",
        confirmPassword: "Secret2!",
      }),
    ).toEqual({});
  });
});
