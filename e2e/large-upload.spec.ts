import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./support/test";

// A CSV export larger than the 10 MB Next.js buffers for its proxy streams through the real server
// into the observation store whole, with the API's security headers.
const admin = { email: "demo@funnelwise.local", password: "Demo123!" };

// 400 days x 1,300 campaigns of rows like "2025-01-01,Email,campaign-0001,123": more than 12 MB.
function largeCsv(): Buffer {
  const lines = ["date,channel,campaign,sessions"];
  const start = Date.UTC(2025, 0, 1);
  for (let d = 0; d < 400; d++) {
    const date = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    for (let c = 0; c < 1300; c++)
      lines.push(`${date},Email,campaign-${String(c).padStart(4, "0")},${(d * 7 + c) % 500}`);
  }
  const csv = Buffer.from(lines.join("\n") + "\n");
  expect(csv.length).toBeGreaterThan(12 * 1024 * 1024);
  return csv;
}

async function loginAndFindStore(request: APIRequestContext) {
  const login = await request.post("/api/users/login", { data: admin });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const found = await request.get("/api/searches/properties?q=Northwind%20Outfitters%20Store&limit=1", { headers });
  expect(found.ok()).toBe(true);
  return { headers, projectId: (await found.json()).docs[0]._id as string };
}

function expectApiSecurityHeaders(response: APIResponse) {
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
}

test("a 12 MB CSV upload is imported whole through the server", async ({ request }) => {
  test.setTimeout(180_000);
  const { headers, projectId } = await loginAndFindStore(request);
  const source = await request.post(`/api/properties/${projectId}/data-sources`, {
    headers,
    data: { name: `Large export ${Date.now().toString(36)}` },
  });
  expect(source.status()).toBe(201);
  const sourceId = (await source.json())._id as string;

  const upload = await request.post(`/api/data-sources/${sourceId}/upload`, {
    headers,
    multipart: { file: { name: "large.csv", mimeType: "text/csv", buffer: largeCsv() } },
    timeout: 150_000,
  });
  expect(upload.status(), await upload.text()).toBe(200);
  expect((await upload.json()).rows).toBe(400 * 1300);
  expectApiSecurityHeaders(upload);
});

// The upload screen's first file creates its source in the same request (another route): it too
// streams past the proxy's 10 MB cut instead of answering "The upload could not be read".
test("a 12 MB CSV creates its upload source whole through the server", async ({ request }) => {
  test.setTimeout(180_000);
  const { headers, projectId } = await loginAndFindStore(request);
  const created = await request.post(`/api/properties/${projectId}/data-sources/upload`, {
    headers,
    multipart: {
      name: `Large first export ${Date.now().toString(36)}`,
      file: { name: "large.csv", mimeType: "text/csv", buffer: largeCsv() },
    },
    timeout: 150_000,
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await created.json()).summary.rows).toBe(400 * 1300);
  expectApiSecurityHeaders(created);
});
