import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MESSAGES, maxLengthMessage } from "../constants/messages";
import {
  email,
  isEmail,
  isUrl,
  optionalPhone,
  optionalText,
  optionalUrl,
  password,
  passwordFields,
  passwordsMatch,
  requiredText,
} from "./fields";

/** The first message zod gives for a value, or undefined when it is valid. */
function firstError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0].message;
}

describe("isEmail", () => {
  it.each(["a@b.co", "first.last+tag@sub.example.com", "UPPER@EXAMPLE.ORG"])("accepts %s", (value) => {
    expect(isEmail(value)).toBe(true);
  });
  it.each([
    "",
    "plain",
    "a@b",
    "a@b.c",
    "a b@c.com",
    "a@@b.com",
    "@b.com",
    "a@.com",
    'a"b@c.com',
    "a@b.com ",
    "a,b@c.com",
  ])("refuses %j", (value) => {
    expect(isEmail(value)).toBe(false);
  });
});

describe("isUrl", () => {
  it.each([
    "example.com",
    "www.example.com/path?q=1",
    "http://example.com",
    "https://sub.example.co.uk",
    "http://localhost:3000",
  ])("accepts %s", (value) => {
    expect(isUrl(value)).toBe(true);
  });
  it.each(["", "not a url", "example", "http://", "https://example.c", "javascript:alert(1)", "http://exa mple.com"])(
    "refuses %j",
    (value) => {
      expect(isUrl(value)).toBe(false);
    },
  );
});

describe("requiredText", () => {
  const schema = requiredText("Agency name");

  it("gives 'This field is required' when missing, empty or only spaces", () => {
    expect(firstError(schema, undefined)).toBe(MESSAGES.required);
    expect(firstError(schema, "")).toBe(MESSAGES.required);
    expect(firstError(schema, "   ")).toBe(MESSAGES.required);
    expect(firstError(schema, 42)).toBe(MESSAGES.required);
  });

  it("allows 255 characters and names the field past that", () => {
    expect(firstError(schema, "a".repeat(255))).toBeUndefined();
    expect(firstError(schema, "a".repeat(256))).toBe("Agency name should be equal or less than 255 characters");
    expect(maxLengthMessage("Agency name")).toBe("Agency name should be equal or less than 255 characters");
  });

  it("honours a custom maximum and trims the value", () => {
    expect(firstError(requiredText("Title", 10), "a".repeat(11))).toBe(
      "Title should be equal or less than 10 characters",
    );
    expect(schema.parse("  Acme  ")).toBe("Acme");
  });
});

describe("optionalText", () => {
  const schema = optionalText("Note");
  it("turns empty into undefined and limits the length", () => {
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse("  ")).toBeUndefined();
    expect(schema.parse(" hi ")).toBe("hi");
    expect(firstError(schema, "a".repeat(256))).toBe("Note should be equal or less than 255 characters");
  });
});

describe("email", () => {
  const schema = email();
  it("requires a value", () => {
    expect(firstError(schema, undefined)).toBe(MESSAGES.required);
    expect(firstError(schema, "")).toBe(MESSAGES.required);
  });
  it("gives 'Please enter a valid email' for a malformed address", () => {
    expect(firstError(schema, "not-an-email")).toBe("Please enter a valid email");
    expect(firstError(schema, "a@b")).toBe(MESSAGES.invalidEmail);
  });
  it("limits the length to 255", () => {
    expect(firstError(schema, `${"a".repeat(250)}@b.com`)).toBe("Email should be equal or less than 255 characters");
  });
  it("trims and lower-cases a valid address", () => {
    expect(schema.parse("  Jane.Doe@Example.COM ")).toBe("jane.doe@example.com");
  });
});

describe("optionalPhone", () => {
  const schema = optionalPhone();
  it("is optional", () => {
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse("")).toBeUndefined();
    expect(schema.parse("   ")).toBeUndefined();
  });
  it("accepts 10 to 16 digits with separators", () => {
    expect(schema.parse("0123456789")).toBe("0123456789");
    expect(schema.parse("1234567890123456")).toBe("1234567890123456");
    expect(schema.parse("+1 (555) 123-4567")).toBe("+1 (555) 123-4567");
    expect(schema.parse("555.123.4567")).toBe("555.123.4567");
  });
  it("refuses fewer than 10 or more than 16 digits, and letters", () => {
    expect(firstError(schema, "123456789")).toBe(MESSAGES.invalidPhone);
    expect(firstError(schema, "12345678901234567")).toBe(MESSAGES.invalidPhone);
    expect(firstError(schema, "555-CALL-NOW1234")).toBe(MESSAGES.invalidPhone);
    expect(firstError(schema, "+")).toBe(MESSAGES.invalidPhone);
  });
});

describe("password", () => {
  const schema = password();
  it("requires a value", () => {
    expect(firstError(schema, undefined)).toBe(MESSAGES.required);
    expect(firstError(schema, "")).toBe(MESSAGES.required);
  });
  it("accepts 6+ characters with upper, lower, digit and a special from !@#?$%^&*", () => {
    for (const special of "!@#?$%^&*") expect(firstError(schema, `Abcde1${special}`)).toBeUndefined();
    expect(firstError(schema, "Aa1!aa")).toBeUndefined();
  });
  it.each([
    ["too short", "Aa1!a"],
    ["no upper case", "secret1!"],
    ["no lower case", "SECRET1!"],
    ["no number", "Secrets!"],
    ["no special", "Secret12"],
    ["special outside the set", "Secret1~"],
  ])("refuses a password with %s", (_label, value) => {
    expect(firstError(schema, value)).toBe(MESSAGES.passwordRules);
  });
  it("limits the length to 255", () => {
    expect(firstError(schema, `Aa1!${"a".repeat(252)}`)).toBe("Password should be equal or less than 255 characters");
  });
});

describe("passwordFields with passwordsMatch", () => {
  const schema = z.object(passwordFields()).refine(...passwordsMatch);
  it("requires the confirmation", () => {
    const result = schema.safeParse({ password: "Secret1!" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["confirmPassword"], message: MESSAGES.required }),
    ]);
  });
  it("puts a mismatch on confirmPassword", () => {
    const result = schema.safeParse({ password: "Secret1!", confirmPassword: "Secret2!" });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["confirmPassword"], message: "Passwords do not match" }),
    ]);
  });
  it("passes matching passwords", () => {
    expect(schema.safeParse({ password: "Secret1!", confirmPassword: "Secret1!" }).success).toBe(true);
  });
});

describe("optionalUrl", () => {
  const schema = optionalUrl("Website");
  it("is optional and checks the URL", () => {
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse("")).toBeUndefined();
    expect(schema.parse(" example.com ")).toBe("example.com");
    expect(firstError(schema, "not a url")).toBe("Please enter a valid URL");
    expect(firstError(schema, `https://${"a".repeat(250)}.com`)).toBe(
      "Website should be equal or less than 255 characters",
    );
  });
});
