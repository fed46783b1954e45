import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

const valid = {
  DATABASE_URL: "postgres://u:p@localhost:5432/db",
  NEXTAUTH_SECRET: "s".repeat(32),
  ENCRYPTION_KEY: "ab".repeat(32),
};

function errorOf(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("parseEnv accepted the configuration");
}

describe("parseEnv", () => {
  it("accepts the required variables and fills the defaults", () => {
    const env = parseEnv(valid);
    expect(env).toMatchObject({
      NODE_ENV: "development",
      APP_URL: "http://localhost:3000",
      BASE_PATH: "",
      MAIL_DIR: ".data/mail",
      LOGIN_RATE_LIMIT_PER_EMAIL: 10,
      LOGIN_RATE_LIMIT_PER_IP: 50,
      LOGIN_RATE_LIMIT_WINDOW_SECONDS: 900,
      LOG_LEVEL: "info",
    });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.RECAPTCHA_SECRET_KEY).toBeUndefined();
  });

  it.each(["NEXTAUTH_SECRET", "DATABASE_URL", "ENCRYPTION_KEY"])("names %s when it is missing or empty", (name) => {
    const message = errorOf({ ...valid, [name]: undefined });
    expect(message).toContain("Invalid environment configuration");
    expect(message).toContain(`${name}: missing (required)`);
    expect(errorOf({ ...valid, [name]: "" })).toContain(`${name}: missing (required)`);
  });

  it("names every missing variable at once", () => {
    const message = errorOf({});
    for (const name of ["DATABASE_URL", "NEXTAUTH_SECRET", "ENCRYPTION_KEY"]) expect(message).toContain(name);
  });

  it("explains malformed values", () => {
    expect(errorOf({ ...valid, NEXTAUTH_SECRET: "short" })).toContain("NEXTAUTH_SECRET must be at least 32 characters");
    expect(errorOf({ ...valid, ENCRYPTION_KEY: "zz".repeat(32) })).toContain(
      "ENCRYPTION_KEY must be 64 hex characters",
    );
    expect(errorOf({ ...valid, APP_URL: "not a url" })).toContain("APP_URL");
    expect(errorOf({ ...valid, LOGIN_RATE_LIMIT_PER_IP: "many" })).toContain("LOGIN_RATE_LIMIT_PER_IP");
    expect(errorOf({ ...valid, LOG_LEVEL: "loud" })).toContain("LOG_LEVEL");
  });

  it("normalises optional values", () => {
    const env = parseEnv({
      ...valid,
      BASE_PATH: "/app//",
      SMTP_URL: "  ",
      RECAPTCHA_SECRET_KEY: " key ",
      LOGIN_RATE_LIMIT_PER_EMAIL: "3",
    });
    expect(env.BASE_PATH).toBe("/app");
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.RECAPTCHA_SECRET_KEY).toBe("key");
    expect(env.LOGIN_RATE_LIMIT_PER_EMAIL).toBe(3);
  });
});
