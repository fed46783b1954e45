import { beforeEach, describe, expect, it } from "vitest";
import { BILLING_MESSAGES } from "@/lib/validation/billing";
import * as checkoutRoute from "@/app/api/agencies/[id]/checkout-session/route";
import * as portalRoute from "@/app/api/agencies/[id]/portal-session/route";
import * as subscriptionRoute from "@/app/api/agencies/[id]/subscription/route";
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
});
