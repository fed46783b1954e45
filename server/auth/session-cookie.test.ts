import { afterEach, describe, expect, it, vi } from "vitest";

// env() is parsed once per module graph: load a fresh one for each APP_URL.
async function optionsFor(appUrl: string) {
  vi.resetModules();
  vi.stubEnv("APP_URL", appUrl);
  const { sessionCookieOptions } = await import("./session-token");
  return sessionCookieOptions();
}

describe("the session cookie", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is Secure when the app's URL is https, and always HttpOnly and SameSite=Lax", async () => {
    expect(await optionsFor("https://app.example.com")).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: "lax",
    });
    expect(await optionsFor("http://localhost:3000")).toMatchObject({ secure: false, httpOnly: true, sameSite: "lax" });
  });
});
