import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tokensRoute from "@/app/api/api-tokens/route";
import * as supportRoute from "@/app/api/support-requests/route";
import * as sessionsRoute from "@/app/api/users/third-party-session/[id]/route";
import { encryptSecret } from "@/server/auth/encryption";
import { db } from "@/server/db/client";
import { thirdPartySessions } from "@/server/db/schema";
import { generateReport } from "@/server/jobs/handlers/generate-report";
import { buildOpenApiDocument } from "@/server/openapi/build-document";
import { OPERATIONS } from "@/server/openapi/catalogue.generated";
import { RESPONSE_SCHEMAS } from "@/server/openapi/response-schemas";
import { call } from "./api";
import { resetDatabase } from "./db";
import { addReport, getReport, listReports, PERIOD_END, PERIOD_START, reportWorld } from "./report-fixtures";

// The response schemas of the OpenAPI document are what the routes answer: each route that has one is called on real
// data, and its body parsed with the schema, strict (a field the view adds without its schema fails here).

beforeAll(async () => {
  // Read on first use of the environment in this file: support requests need an address to go to.
  process.env.SUPPORT_EMAIL = "help@operator.example";
  await resetDatabase();
});
afterAll(() => {
  delete process.env.SUPPORT_EMAIL;
});

const answers = (key: string, body: unknown) => {
  const parsed = RESPONSE_SCHEMAS[key].safeParse(body);
  expect(parsed.error?.issues ?? [], key).toEqual([]);
};

describe("OpenAPI response schemas", () => {
  it("name operations that exist, and are in the document under the route's success status", () => {
    const document = buildOpenApiDocument("http://localhost:3000") as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
    };
    for (const key of Object.keys(RESPONSE_SCHEMAS)) {
      const [method, path] = key.split(" ");
      const op = OPERATIONS.find((o) => o.method === method && o.path === path);
      expect(op, key).toBeDefined();
      const success = document.paths[path][method.toLowerCase()].responses[String(op!.status)];
      expect(success.content, key).toMatchObject({ "application/json": { schema: expect.any(Object) } });
    }
  });

  it("match what the routes answer", async () => {
    const w = await reportWorld();
    const added = await addReport(w.project.id, w.main.token, { periodStart: PERIOD_START, periodEnd: PERIOD_END });
    answers("POST /api/properties/{id}/reports/add", added.body);
    await generateReport(added.body._id);
    const report = await getReport(added.body._id, w.main.token);
    expect(report.body.status).toBe("ready");
    answers("GET /api/reports/{id}", report.body);
    answers("GET /api/properties/{id}/reports", (await listReports(w.project.id, w.main.token)).body);

    const made = await call(tokensRoute.POST, { path: "/api/api-tokens", token: w.main.token, body: { name: "BI" } });
    answers("POST /api/api-tokens", made.body);
    answers(
      "GET /api/api-tokens",
      (await call(tokensRoute.GET, { path: "/api/api-tokens", token: w.main.token })).body,
    );

    const asked = await call(supportRoute.POST, {
      path: "/api/support-requests",
      token: w.main.token,
      body: { subject: "Question", message: "How do API tokens work?" },
    });
    expect(asked.status).toBe(202);
    const support = await call(supportRoute.GET, { path: "/api/support-requests", token: w.main.token });
    expect(support.body.total).toBe(1);
    answers("GET /api/support-requests", support.body);

    await db()
      .insert(thirdPartySessions)
      .values({
        agencyId: w.main.agency.id,
        userId: w.main.admin.id,
        type: "hubspot",
        accessTokenEncrypted: encryptSecret("pat-na1-secret"),
        additionalInfo: { portalId: 42, hubDomain: "client.hubspot.com", user: "owner@client.example" },
      });
    const sessions = await call(sessionsRoute.GET, {
      path: `/api/users/third-party-session/${w.main.admin.id}`,
      params: { id: w.main.admin.id },
      token: w.main.token,
    });
    expect(sessions.body.docs).toHaveLength(1);
    answers("GET /api/users/third-party-session/{id}", sessions.body);
  });

  it("fail on a field the schema does not know", () => {
    const parsed = RESPONSE_SCHEMAS["GET /api/api-tokens"].safeParse({
      docs: [
        {
          _id: "5f0c6f0e-8a55-4c1e-9a57-6f1d0c7a1b2c",
          name: "BI",
          prefix: "fwk_ab",
          createdBy: null,
          lastUsedAt: null,
          createdAt: "2026-12-02T04:00:00.000Z",
          secret: "leaked",
        },
      ],
      total: 1,
    });
    expect(parsed.success).toBe(false);
  });
});
