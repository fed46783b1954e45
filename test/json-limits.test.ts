import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@/server/http/json-text";
import { loadApiRoutes } from "@/test/api-route-modules";
import { buildWorld, pathFor, segmentBefore, type World } from "@/test/api-world";
import { resetDatabase } from "@/test/db";
import { startDropboxForTests } from "@/test/dropbox-fixtures";

// Issue 60: `{"a":` × 100,000 answered 500 ("Maximum call stack size exceeded") on every JSON route, the
// unauthenticated ones included. Every route and method that takes a body gets it here, as a logged-in caller.

const dropboxFake = await startDropboxForTests();
const DEEP = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;

function jsonRequest(method: string, path: string, token: string | null, body: string) {
  return new NextRequest(new URL(path, "http://localhost:3000"), {
    method,
    headers: {
      "content-type": "application/json",
      "x-funnelwise-client-ip": "203.0.113.7",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
}

describe("JSON depth and size limits", async () => {
  const routes = await loadApiRoutes();
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(dropboxFake);
  });
  afterAll(async () => {
    await resetDatabase();
    await dropboxFake.close();
  });

  it("counts nesting outside strings only", () => {
    expect(jsonDepthExceeds("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds("[".repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ text: "{[".repeat(1000), quote: '\\"{{{{' }))).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify([{ a: [{ b: 1 }] }, { c: {} }]), 4)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify([{ a: [{ b: {} }] }]), 4)).toBe(true);
  });

  const cases = routes.flatMap((route) =>
    ["POST", "PUT", "PATCH", "DELETE"]
      .filter((method) => route.handlers[method])
      .map((method) => ({ route, method, handler: route.handlers[method] })),
  );

  it("answers 400 in the error shape, never 500, on every route that takes a body", async () => {
    const refused: string[] = [];
    for (const { route, method, handler } of cases) {
      const params = Object.fromEntries(
        route.params.map((p) => [
          p.name,
          p.catchAll
            ? ["callback", "credentials"]
            : (world.byResource[p.name] ?? world.byResource[segmentBefore(route.pattern, p.name)] ?? world.ids[0]),
        ]),
      );
      const path = pathFor(route, params, []);
      const res = await handler(jsonRequest(method, path, world.main.token, DEEP), { params: Promise.resolve(params) });
      const body = await res.json().catch(() => null);
      expect(res.status, `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThan(500);
      if (body?.message === MESSAGES.jsonTooDeep) {
        expect(res.status).toBe(400);
        expect(body).toEqual({ status: 400, message: MESSAGES.jsonTooDeep });
        refused.push(`${method} ${route.pattern}`);
      }
    }
    // The unauthenticated routes and next-auth's own included.
    expect(refused).toEqual(
      expect.arrayContaining([
        "POST /api/users/login",
        "POST /api/users/forgotpassword",
        "POST /api/agencies/signup",
        "POST /api/auth/[...nextauth]",
        "PUT /api/clients/[id]",
      ]),
    );
    // Routes that take no body (most DELETEs) or a multipart one answer otherwise; about two dozen read JSON.
    expect(refused.length).toBeGreaterThan(15);
  });

  it("refuses a body over 1 MB with 413 on next-auth's routes too", async () => {
    const nextAuth = routes.find((r) => r.pattern === "/api/auth/[...nextauth]")!;
    const big = JSON.stringify({ email: "a@example.com", padding: "x".repeat(1024 * 1024) });
    const res = await nextAuth.handlers.POST(jsonRequest("POST", "/api/auth/callback/credentials", null, big), {
      params: Promise.resolve({ nextauth: ["callback", "credentials"] }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 413, message: MESSAGES.payloadTooLarge });
  });
});
