import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security-headers";

describe("security headers", () => {
  it("allows scripts only with the request's nonce, never inline or eval in production", () => {
    const csp = contentSecurityPolicy({ kind: "page", nonce: "abc123", development: false });
    const scripts = csp.split("; ").find((part) => part.startsWith("script-src"));
    expect(scripts).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("lets next dev evaluate code for fast refresh", () => {
    expect(contentSecurityPolicy({ kind: "page", nonce: "n", development: true })).toContain("'unsafe-eval'");
  });

  it("lets API answers load and run nothing, uploaded SVG logos included", () => {
    const csp = contentSecurityPolicy({ kind: "api", nonce: "n", development: false });
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("sandbox");
    expect(csp).not.toContain("script-src");
  });

  it("sends HSTS only when the app is served over https", () => {
    const plain = securityHeaders({ kind: "page", nonce: "n", https: false, development: false });
    const secure = securityHeaders({ kind: "page", nonce: "n", https: true, development: false });
    expect(plain).not.toHaveProperty("Strict-Transport-Security");
    expect(secure["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    expect(plain).toMatchObject({
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    expect(plain["Permissions-Policy"]).toContain("camera=()");
  });
});
