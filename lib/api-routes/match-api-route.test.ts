import { describe, expect, it } from "vitest";
import { allowedMethods, matchApiRoute, type ApiRoute } from "./match-api-route";

const routes: ApiRoute[] = [
  { pattern: "/api/[...path]", methods: ["GET", "POST"] },
  { pattern: "/api/clients", methods: ["GET", "POST"] },
  { pattern: "/api/clients/[id]", methods: ["GET", "PUT", "DELETE"] },
  { pattern: "/api/clients/[id]/staffs/add", methods: ["POST"] },
  { pattern: "/api/clients/[id]/staffs/[staffId]", methods: ["DELETE"] },
  { pattern: "/api/insights/properties/[id]", methods: ["GET"] },
  { pattern: "/api/insights/[id]", methods: ["GET"] },
];

describe("matchApiRoute", () => {
  it("prefers static segments, then parameters, then the catch-all, as Next.js does", () => {
    expect(matchApiRoute(routes, "/api/clients")?.pattern).toBe("/api/clients");
    expect(matchApiRoute(routes, "/api/clients/abc")?.pattern).toBe("/api/clients/[id]");
    expect(matchApiRoute(routes, "/api/clients/abc/staffs/add")?.pattern).toBe("/api/clients/[id]/staffs/add");
    expect(matchApiRoute(routes, "/api/clients/abc/staffs/xyz")?.pattern).toBe("/api/clients/[id]/staffs/[staffId]");
    expect(matchApiRoute(routes, "/api/insights/properties/p1")?.pattern).toBe("/api/insights/properties/[id]");
    expect(matchApiRoute(routes, "/api/nothing/here")?.pattern).toBe("/api/[...path]");
    expect(matchApiRoute(routes, "/login")).toBeNull();
  });

  it("allows HEAD with GET and always OPTIONS", () => {
    expect(allowedMethods(routes[2]).sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PUT"]);
  });
});
