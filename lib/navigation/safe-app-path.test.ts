import { describe, expect, it } from "vitest";
import { safeAppPath } from "./safe-app-path";

// Known open-redirect bypasses (OWASP, PortSwigger and the Next.js/Express advisories): none may leave the app.
const BYPASSES = [
  "https://evil.example/",
  "http:evil.example",
  "//evil.example",
  "///evil.example",
  "////evil.example/path",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%252F%252Fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/.//evil.example",
  "/%2e//evil.example",
  "javascript:alert(1)",
  "/%00/evil.example",
  "/\u0000/evil.example",
  "/%ZZ",
  "data:text/html,<script>alert(1)</script>",
  " /dashboard",
  "",
  "/" + "a".repeat(3000),
];

describe("safeAppPath", () => {
  it.each(BYPASSES)("rejects %j", (candidate) => {
    expect(safeAppPath(candidate)).toBeNull();
  });

  it("rejects values that are not strings", () => {
    expect(safeAppPath(undefined)).toBeNull();
    expect(safeAppPath(null)).toBeNull();
    expect(safeAppPath(["/dashboard"])).toBeNull();
  });

  it.each([
    ["/dashboard", "/dashboard"],
    ["/client-projects/4f1c/insights/9a2b?download", "/client-projects/4f1c/insights/9a2b?download"],
    ["/clients/1?tab=staff#top", "/clients/1?tab=staff#top"],
    ["/search?q=caf%C3%A9", "/search?q=caf%C3%A9"],
    ["/a/../dashboard", "/dashboard"],
  ])("keeps the app path %j", (candidate, expected) => {
    expect(safeAppPath(candidate)).toBe(expected);
  });
});
