import { beforeEach, describe, expect, it } from "vitest";
import { BILLING_MESSAGES } from "@/lib/validation/billing";
import * as checkoutRoute from "@/app/api/agencies/[id]/checkout-session/route";
import * as portalRoute from "@/app/api/agencies/[id]/portal-session/route";
import * as subscriptionRoute from "@/app/api/agencies/[id]/subscription/route";
import * as supportRoute from "@/app/api/support-requests/route";
import { SUPPORT_MESSAGES } from "@/lib/validation/support";
import { call } from "./api";
import { resetDatabase } from "./db";
import { createAgency } from "./factories";

// Without Stripe keys the app runs as before: demo subscriptions, the default limit, and a plain message.
describe("subscriptions without Stripe configured", () => {
  beforeEach(() => {
    delete process.env.STRIPE_SECRET_KEY;
    return resetDatabase();
  });

  it("says so and sells nothing", async () => {
    const { agency, token } = await createAgency();
    const params = { id: agency.id };
    const page = await call(subscriptionRoute.GET, { path: `/api/agencies/${agency.id}/subscription`, params, token });
    expect(page.body).toMatchObject({ configured: false, status: "demo", usage: { limit: 5 } });
    const checkout = await call(checkoutRoute.POST, {
      path: `/api/agencies/${agency.id}/checkout-session`,
      params,
      token,
      body: { tier: "basic", kind: "team" },
    });
    expect(checkout.status).toBe(400);
    expect(checkout.body.message).toBe(BILLING_MESSAGES.notConfigured);
    const portal = await call(portalRoute.POST, {
      path: `/api/agencies/${agency.id}/portal-session`,
      params,
      token,
      method: "POST",
    });
    expect(portal.status).toBe(400);
  });

  it("says support by form is not set up without SUPPORT_EMAIL, and records nothing", async () => {
    const { token } = await createAgency();
    const sent = await call(supportRoute.POST, {
      path: "/api/support-requests",
      token,
      body: { subject: "Hello", message: "A question" },
    });
    expect(sent.status).toBe(400);
    expect(sent.body.message).toBe(SUPPORT_MESSAGES.notConfigured);
    const listed = await call(supportRoute.GET, { path: "/api/support-requests", token });
    expect(listed.body).toMatchObject({ configured: false, docs: [], total: 0 });
  });
});
