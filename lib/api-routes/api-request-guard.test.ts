import { describe, expect, it } from "vitest";
import { guardApiRequest } from "./api-request-guard";

describe("guardApiRequest", () => {
  it("answers malformed percent-encoding with 400 in the error shape", async () => {
    const res = guardApiRequest("GET", "/api/clients/%ZZ")!;
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: 400, message: expect.stringContaining("percent-encoding") });
  });

  it("answers TRACE, CONNECT and methods a route lacks with 405 and Allow", async () => {
    for (const method of ["TRACE", "CONNECT", "PROPFIND"]) {
      const res = guardApiRequest(method, "/api/clients")!;
      expect(res.status).toBe(405);
      expect((await res.json()).status).toBe(405);
    }
    const res = guardApiRequest("DELETE", "/api/health")!;
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("lets through what a route has, and unknown paths to the catch-all's 404", () => {
    expect(guardApiRequest("GET", "/api/health")).toBeNull();
    expect(guardApiRequest("HEAD", "/api/health")).toBeNull();
    expect(guardApiRequest("PUT", "/api/clients/6f1c5e1e-0000-4000-8000-000000000000")).toBeNull();
    expect(guardApiRequest("GET", "/api/clients/%41")).toBeNull();
    expect(guardApiRequest("GET", "/api/no/such/thing")).toBeNull();
  });
});
