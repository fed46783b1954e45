import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldErrorsFromZod } from "@/server/errors";
import { MESSAGES } from "../constants/messages";
import { inviteSchema, profileSchema, userUpdateSchema } from "./users";

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrorsFromZod(result.error);
}

describe("profileSchema", () => {
  it("requires names, limits them and checks the phone", () => {
    expect(errorsOf(profileSchema, {})).toEqual({ firstName: MESSAGES.required, lastName: MESSAGES.required });
    expect(errorsOf(profileSchema, { firstName: "x".repeat(256), lastName: "L" })).toEqual({
      firstName: "First name should be equal or less than 255 characters",
    });
    expect(errorsOf(profileSchema, { firstName: "F", lastName: "L", phone: "555" })).toEqual({
      phone: MESSAGES.invalidPhone,
    });
    expect(profileSchema.parse({ firstName: " F ", lastName: "L", phone: "5551234567" })).toEqual({
      firstName: "F",
      lastName: "L",
      phone: "5551234567",
    });
  });
});

describe("userUpdateSchema", () => {
  it("needs a known mode", () => {
    expect(errorsOf(userUpdateSchema, {})).toHaveProperty("mode");
    expect(errorsOf(userUpdateSchema, { mode: "delete" })).toHaveProperty("mode");
  });

  it("mode edit applies the profile rules", () => {
    expect(errorsOf(userUpdateSchema, { mode: "edit" })).toEqual({
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
    });
    expect(errorsOf(userUpdateSchema, { mode: "edit", firstName: "A", lastName: "B" })).toEqual({});
  });

  it("mode change-password applies the password rules, the confirmation and the must-differ rule", () => {
    const base = { mode: "change-password", currentPassword: "Secret1!" };
    expect(errorsOf(userUpdateSchema, { mode: "change-password" })).toEqual({
      currentPassword: MESSAGES.required,
      password: MESSAGES.required,
      confirmPassword: MESSAGES.required,
    });
    expect(
      errorsOf(userUpdateSchema, { ...base, password: "nouppercase1!", confirmPassword: "nouppercase1!" }),
    ).toEqual({ password: MESSAGES.passwordRules });
    expect(errorsOf(userUpdateSchema, { ...base, password: "Secret2!", confirmPassword: "Secret9!" })).toEqual({
      confirmPassword: MESSAGES.passwordMismatch,
    });
    expect(errorsOf(userUpdateSchema, { ...base, password: "Secret1!", confirmPassword: "Secret1!" })).toEqual({
      password: MESSAGES.passwordSameAsPrevious,
    });
    expect(errorsOf(userUpdateSchema, { ...base, password: "Secret2!", confirmPassword: "Secret2!" })).toEqual({});
  });
});

describe("inviteSchema", () => {
  it("splits a string on commas, spaces and semicolons, lower-cases and removes duplicates", () => {
    expect(inviteSchema.parse({ emails: "A@x.com, b@y.com;c@z.io  a@X.com" })).toEqual({
      emails: ["a@x.com", "b@y.com", "c@z.io"],
    });
    expect(inviteSchema.parse({ emails: [" D@x.com ", "d@x.com"] })).toEqual({ emails: ["d@x.com"] });
  });

  it("requires at least one email", () => {
    expect(errorsOf(inviteSchema, {})).toEqual({ emails: MESSAGES.required });
    expect(errorsOf(inviteSchema, { emails: "" })).toEqual({ emails: MESSAGES.required });
    expect(errorsOf(inviteSchema, { emails: " , ; " })).toEqual({ emails: MESSAGES.required });
    expect(errorsOf(inviteSchema, { emails: [] })).toEqual({ emails: MESSAGES.required });
    expect(errorsOf(inviteSchema, { emails: 7 })).toEqual({ emails: MESSAGES.required });
  });

  it("gives 'Please enter valid emails' when any address is malformed", () => {
    expect(errorsOf(inviteSchema, { emails: "good@x.com, bad" })).toEqual({ emails: "Please enter valid emails" });
    expect(errorsOf(inviteSchema, { emails: ["nope"] })).toEqual({ emails: MESSAGES.invalidEmails });
  });

  it("allows at most 20 at once", () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `p${i}@x.com`);
    expect(errorsOf(inviteSchema, { emails: list(20) })).toEqual({});
    expect(errorsOf(inviteSchema, { emails: list(21) })).toEqual({
      emails: "You can invite at most 20 people at once",
    });
  });
});
