import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as keysRoute from "@/app/api/agencies/[id]/partner-keys/route";
import * as keyRoute from "@/app/api/agencies/[id]/partner-keys/[provider]/route";
import { startPartnerFake, type PartnerFake } from "@/e2e/fakes/partners/server";
import { db } from "@/server/db/client";
import { agencyPartnerKeys } from "@/server/db/schema";
import { resetPartnerConfig } from "@/server/integrations/partners/config";
import { agencyPartnerKey } from "@/server/services/partner-keys/partner-keys";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser, tokenFor } from "@/test/factories";

// The agency's own partner keys: checked with one live call against the partners' fake, saved
// encrypted only when accepted, never shown again in full, admins only, own agency only.

let fake: PartnerFake;
beforeAll(async () => {
  fake = await startPartnerFake();
  Object.assign(process.env, {
    SEMRUSH_API_URL: fake.url,
    SEMRUSH_UNITS_URL: `${fake.url}users/countapiunits.html`,
    SIMILARWEB_API_URL: fake.url,
    SEMRUSH_API_KEY: "",
    SIMILARWEB_API_KEY: "",
  });
  resetPartnerConfig();
});
afterAll(async () => {
  await fake.close();
  resetPartnerConfig();
});
beforeEach(resetDatabase);

const put = (agencyId: string, provider: string, token: string, body: unknown) =>
  call(keyRoute.PUT, {
    method: "PUT",
    path: `/api/agencies/${agencyId}/partner-keys/${provider}`,
    params: { id: agencyId, provider },
    token,
    body,
  });

describe("agency partner keys", () => {
  it("saves a key only after the partner accepts it, and shows its last 4 characters only", async () => {
    const { agency, admin } = await createAgency();
    const token = await tokenFor(admin.id);
    const refused = await put(agency.id, "semrush", token, { apiKey: "wrong-key" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.apiKey).toMatch(/^Semrush refused this key \(ERROR 132 :: API KEY IS INVALID\)/);
    expect(await db().select().from(agencyPartnerKeys)).toEqual([]);

    const saved = await put(agency.id, "semrush", token, { apiKey: "semrush-test-key" });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Semrush accepted the key; 3,000 units left");
    const [row] = await db().select().from(agencyPartnerKeys);
    expect(row.keyEncrypted).not.toContain("semrush-test-key");
    expect(await agencyPartnerKey(agency.id, "semrush")).toBe("semrush-test-key");

    const listed = await call(keysRoute.GET, {
      path: `/api/agencies/${agency.id}/partner-keys`,
      params: { id: agency.id },
      token,
    });
    expect(JSON.stringify(listed.body)).not.toContain("semrush-test-key");
    expect(listed.body.docs).toEqual([
      expect.objectContaining({
        provider: "semrush",
        set: true,
        last4: "-key",
        checkMessage: "Semrush accepted the key; 3,000 units left",
        serverFallback: false,
      }),
      expect.objectContaining({ provider: "similarweb", set: false, last4: null }),
    ]);
    const similarweb = await put(agency.id, "similarweb", token, { apiKey: "similarweb-test-key" });
    expect(similarweb.body.message).toBe("Similarweb accepted the key; 4,950 requests left");
  });

  it("is for agency admins of the agency only", async () => {
    const { agency } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    expect(
      (await put(agency.id, "semrush", await tokenFor(staff.user.id), { apiKey: "semrush-test-key" })).status,
    ).toBe(403);
    const other = await createAgency();
    expect(
      (await put(agency.id, "semrush", await tokenFor(other.admin.id), { apiKey: "semrush-test-key" })).status,
    ).toBe(404);
    expect(await db().select().from(agencyPartnerKeys)).toEqual([]);
  });
});
