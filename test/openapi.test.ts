import fs from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import * as openapiRoute from "@/app/api/openapi.json/route";
import * as tokensRoute from "@/app/api/api-tokens/route";
import * as tokenRoute from "@/app/api/api-tokens/[id]/route";
import * as usersRoute from "@/app/api/users/route";
import * as clientsRoute from "@/app/api/clients/route";
import * as logoutRoute from "@/app/api/users/logout/route";
import { buildOpenApiDocument } from "@/server/openapi/build-document";
import { OPERATIONS } from "@/server/openapi/catalogue.generated";
import { NON_JSON_RESPONSES, RESPONSE_SCHEMAS } from "@/server/openapi/response-schemas";
import { scanRoutes } from "@/server/openapi/scan-routes";
import { call } from "./api";
import { resetDatabase } from "./db";
import { createAgency, createUser } from "./factories";

const root = path.resolve(__dirname, "..");

describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const result = await new Validator().validate(buildOpenApiDocument("http://localhost:3000"));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every route and method under app/api, with the schemas the route validates with", () => {
    const scanned = scanRoutes(root);
    const key = (o: { path: string; method: string }) => `${o.method} ${o.path}`;
    expect(OPERATIONS.map(key).sort()).toEqual(scanned.map(key).sort());
    for (const op of scanned) {
      const entry = OPERATIONS.find((o) => key(o) === key(op))!;
      expect({ op: key(op), body: entry.body !== null, query: entry.query !== null }).toEqual({
        op: key(op),
        body: op.body !== null,
        query: op.query !== null,
      });
    }
    // Every route file is in the document: a route.ts with no exported method would be a route nobody can call.
    const files: string[] = [];
    const walk = (dir: string) =>
      fs.readdirSync(dir, { withFileTypes: true }).forEach((e) => {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name === "route.ts") files.push(path.join(dir, e.name));
      });
    walk(path.join(root, "app/api"));
    const documented = new Set(Object.keys(buildOpenApiDocument("http://x").paths));
    expect(files.length).toBeGreaterThan(100);
    expect(documented.size).toBe(files.length);
    const login = buildOpenApiDocument("http://x").paths["/api/users/login"].post as {
      requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(login.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["email", "password"]),
    );
  });
});

describe("the OpenAPI document's answers", () => {
  it("give every route a response schema (or say it answers a file or a redirect)", () => {
    const key = (o: { path: string; method: string }) => `${o.method} ${o.path}`;
    const missing = OPERATIONS.map(key).filter((k) => !RESPONSE_SCHEMAS[k] && !NON_JSON_RESPONSES[k]);
    // A new route comes with its schema (server/openapi/response-schemas.ts), or says it answers a file or a redirect.
    expect(missing, "routes without a response schema").toEqual([]);
    for (const k of Object.keys(RESPONSE_SCHEMAS)) expect(NON_JSON_RESPONSES[k], k).toBeUndefined();
    for (const k of [...Object.keys(RESPONSE_SCHEMAS), ...Object.keys(NON_JSON_RESPONSES)])
      expect(
        OPERATIONS.some((o) => key(o) === k),
        `${k} is no route`,
      ).toBe(true);
  });
});

describe("API tokens", () => {
  beforeAll(resetDatabase);

  it("are made by admins, shown once, call as the agency's admin, survive logout, and stop when revoked", async () => {
    const { agency, token } = await createAgency();
    const made = await call(tokensRoute.POST, { path: "/api/api-tokens", token, body: { name: "Looker dashboard" } });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^fwk_[A-Za-z0-9_-]{43}$/);
    const apiToken = made.body.token as string;
    const listed = await call(tokensRoute.GET, { path: "/api/api-tokens", token });
    expect(listed.body.docs).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(apiToken);
    expect(listed.body.docs[0]).toMatchObject({ name: "Looker dashboard", prefix: apiToken.slice(0, 10) });

    const me = await call(usersRoute.GET, { path: "/api/users", token: apiToken });
    expect(me.status).toBe(200);
    expect(me.body.agency._id).toBe(agency.id);
    const created = await call(clientsRoute.POST, {
      path: "/api/clients",
      token: apiToken,
      body: {
        name: "Through the API",
        website: "https://api.example",
        industry: "Travel & Transportation",
        country: "FR",
      },
    });
    expect([201, 400]).toContain(created.status);
    const doc = await call(openapiRoute.GET, { path: "/api/openapi.json", token: apiToken });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");

    // Logging the browser session out does not end the token; revoking it does, at once.
    await call(logoutRoute.POST, { path: "/api/users/logout", token, method: "POST" });
    expect((await call(usersRoute.GET, { path: "/api/users", token: apiToken })).status).toBe(200);
    const { token: admin2 } = await createAgency();
    const foreign = await call(tokenRoute.DELETE, {
      method: "DELETE",
      path: `/api/api-tokens/${made.body._id}`,
      params: { id: made.body._id },
      token: admin2,
    });
    expect(foreign.status).toBe(404);
  });

  it("are refused to staff, refused when revoked or unknown, and end with their maker's admin role", async () => {
    const { agency, admin, token } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    expect(
      (await call(tokensRoute.POST, { path: "/api/api-tokens", token: staff.token, body: { name: "x" } })).status,
    ).toBe(403);
    const bad = await call(tokensRoute.POST, { path: "/api/api-tokens", token, body: { name: " " } });
    expect(bad.status).toBe(400);
    const made = await call(tokensRoute.POST, { path: "/api/api-tokens", token, body: { name: "Zapier" } });
    const revoke = await call(tokenRoute.DELETE, {
      method: "DELETE",
      path: `/api/api-tokens/${made.body._id}`,
      params: { id: made.body._id },
      token,
    });
    expect(revoke.status).toBe(200);
    expect((await call(usersRoute.GET, { path: "/api/users", token: made.body.token })).status).toBe(401);
    expect((await call(usersRoute.GET, { path: "/api/users", token: "fwk_unknown" })).status).toBe(401);
    const again = await call(tokensRoute.POST, { path: "/api/api-tokens", token, body: { name: "Second" } });
    const { db } = await import("@/server/db/client");
    const { users } = await import("@/server/db/schema");
    const { eq } = await import("drizzle-orm");
    await db().update(users).set({ role: "staff" }).where(eq(users.id, admin.id));
    expect((await call(usersRoute.GET, { path: "/api/users", token: again.body.token })).status).toBe(401);
  });
});
