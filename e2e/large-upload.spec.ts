import { expect, test } from "./support/test";

// A CSV export larger than the 10 MB Next.js buffers for its proxy streams through the real server
// into the observation store whole, with the API's security headers.
const admin = { email: "demo@funnelwise.local", password: "Demo123!" };

test("a 12 MB CSV upload is imported whole through the server", async ({ request }) => {
  test.setTimeout(180_000);
  const login = await request.post("/api/users/login", { data: admin });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const found = await request.get("/api/searches/properties?q=Northwind%20Outfitters%20Store&limit=1", { headers });
  expect(found.ok()).toBe(true);
  const projectId = (await found.json()).docs[0]._id as string;
  const source = await request.post(`/api/properties/${projectId}/data-sources`, {
    headers,
    data: { name: `Large export ${Date.now().toString(36)}` },
  });
  expect(source.status()).toBe(201);
  const sourceId = (await source.json())._id as string;

  // 400 days x 1,300 campaigns of rows like "2025-01-01,Email,campaign-0001,123".
  const lines = ["date,channel,campaign,sessions"];
  const start = Date.UTC(2025, 0, 1);
  for (let d = 0; d < 400; d++) {
    const date = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    for (let c = 0; c < 1300; c++)
      lines.push(`${date},Email,campaign-${String(c).padStart(4, "0")},${(d * 7 + c) % 500}`);
  }
  const csv = Buffer.from(lines.join("\n") + "\n");
  expect(csv.length).toBeGreaterThan(12 * 1024 * 1024);

  const upload = await request.post(`/api/data-sources/${sourceId}/upload`, {
    headers,
    multipart: { file: { name: "large.csv", mimeType: "text/csv", buffer: csv } },
    timeout: 150_000,
  });
  expect(upload.status(), await upload.text()).toBe(200);
  expect((await upload.json()).rows).toBe(400 * 1300);
  expect(upload.headers()["x-content-type-options"]).toBe("nosniff");
  expect(upload.headers()["content-security-policy"]).toContain("default-src 'none'");
});
