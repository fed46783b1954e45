import { expect, test } from "./support/test";

test.describe("security headers", () => {
  test("pages carry a nonce-based policy and the browser runs the app under it", async ({ page }) => {
    const response = await page.goto("/login");
    const headers = response!.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    // The page is interactive: React hydrated under the policy (the form validates on the client).
    await page.getByRole("button", { name: /log in/i }).click();
    await expect(page.getByText(/required|enter/i).first()).toBeVisible();
    // Each request gets its own nonce.
    const again = await page.request.get("/login");
    expect(again.headers()["content-security-policy"]).not.toBe(csp);
  });

  test("API answers carry the same headers", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["x-frame-options"]).toBe("DENY");
  });
});
