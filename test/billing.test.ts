import http from "node:http";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BILLING_MESSAGES } from "@/lib/validation/billing";
import * as checkoutRoute from "@/app/api/agencies/[id]/checkout-session/route";
import * as portalRoute from "@/app/api/agencies/[id]/portal-session/route";
import * as subscriptionRoute from "@/app/api/agencies/[id]/subscription/route";
import * as plansRoute from "@/app/api/subscriptions/all/route";
import * as webhookRoute from "@/app/api/webhooks/stripe/route";
import { db } from "@/server/db/client";
import { agencies, stripeEvents } from "@/server/db/schema";
import { startStripeFake, type StripeFake } from "@/e2e/fakes/stripe/server";
import { call } from "./api";
import { resetDatabase } from "./db";
import { createAgency, createUser } from "./factories";
import { addReport, PERIOD_END, PERIOD_START, reportWorld } from "./report-fixtures";

const SECRET_KEY = "sk_test_funnelwise";
const WEBHOOK_SECRET = "whsec_test_funnelwise";
let fake: StripeFake;
let relay: http.Server;

// The fake posts its webhooks here; this relays them to the route handler as Next.js would.
async function startRelay(): Promise<string> {
  relay = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new NextRequest("http://localhost:3000/api/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": String(req.headers["stripe-signature"]) },
      body: Buffer.concat(chunks).toString("utf8"),
    });
    const response = await webhookRoute.POST(request, { params: Promise.resolve({}) });
    res.writeHead(response.status, { "content-type": "application/json" });
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(relay.address() as { port: number }).port}/api/webhooks/stripe`;
}

beforeAll(async () => {
  const webhookUrl = await startRelay();
  fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl });
  // Before the first env() read of this file: the environment is parsed once.
  process.env.STRIPE_SECRET_KEY = SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = fake.baseUrl;
});
afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => relay?.close(resolve));
});
beforeEach(resetDatabase);

const checkout = (agencyId: string, token: string, body: unknown) =>
  call(checkoutRoute.POST, {
    path: `/api/agencies/${agencyId}/checkout-session`,
    params: { id: agencyId },
    token,
    body,
  });
const subscription = (agencyId: string, token: string) =>
  call(subscriptionRoute.GET, { path: `/api/agencies/${agencyId}/subscription`, params: { id: agencyId }, token });

/** A webhook delivery signed as Stripe signs it (the SDK's own test-header helper). */
function signedDelivery(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ object: "event", livemode: false, api_version: "2025-10-29.clover", ...event });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return call(webhookRoute.POST, {
    path: "/api/webhooks/stripe",
    rawBody: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}

function subscriptionEvent(
  id: string,
  type: string,
  created: number,
  agencyId: string,
  status: string,
  lookupKey = "funnelwise_pro_team",
) {
  return {
    id,
    type,
    created,
    data: {
      object: {
        id: "sub_test",
        object: "subscription",
        customer: "cus_test",
        status,
        metadata: { agencyId },
        items: { object: "list", data: [{ price: { lookup_key: lookupKey }, current_period_end: created + 2592000 }] },
      },
    },
  };
}

const agencyRow = async (id: string) => (await db().select().from(agencies).where(eq(agencies.id, id)))[0];

describe("subscriptions", () => {
  it("lists the six plans with prices and project limits", async () => {
    const { token } = await createAgency();
    const res = await call(plansRoute.GET, { path: "/api/subscriptions/all", token });
    expect(res.status).toBe(200);
    expect(res.body.defaultProjectLimit).toBe(5);
    expect(res.body.docs).toHaveLength(6);
    expect(res.body.docs).toContainEqual(
      expect.objectContaining({ tier: "pro", kind: "team", monthlyPrice: 9900, currency: "usd", projectLimit: 25 }),
    );
  });

  it("subscribes through Checkout: paying on the fake sends signed events that make the agency full", async () => {
    const { agency, token } = await createAgency();
    const before = await subscription(agency.id, token);
    expect(before.body).toMatchObject({ configured: true, status: "demo", plan: null, usage: { limit: 5 } });

    const started = await checkout(agency.id, token, { tier: "pro", kind: "team" });
    expect(started.status).toBe(200);
    expect(started.body.url).toMatch(new RegExp(`^${fake.baseUrl}/checkout/cs_test_`));
    const customerId = (await agencyRow(agency.id)).stripeCustomerId;
    expect(fake.customers.get(customerId!)).toMatchObject({ metadata: { agencyId: agency.id } });

    const paid = await fetch(started.body.url, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toContain("/agency-subscription?checkout=success");

    const after = await subscription(agency.id, token);
    expect(after.body).toMatchObject({
      status: "full",
      plan: { tier: "pro", kind: "team", name: "Pro Team", monthlyPrice: 9900 },
      usage: { limit: 25 },
      hasBillingAccount: true,
    });
    expect(new Date(after.body.nextInvoiceAt).getTime()).toBeGreaterThan(Date.now() + 20 * 86400_000);

    // A second checkout while subscribed is refused; the portal opens for the customer.
    const again = await checkout(agency.id, token, { tier: "business", kind: "team" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BILLING_MESSAGES.alreadySubscribed);
    const portal = await call(portalRoute.POST, {
      path: `/api/agencies/${agency.id}/portal-session`,
      params: { id: agency.id },
      token,
      method: "POST",
    });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${fake.baseUrl}/portal/bps_`));
  });

  it("keeps checkout to agency admins of their own agency, with field errors for a bad plan", async () => {
    const { agency, token } = await createAgency();
    const other = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    expect((await checkout(agency.id, staff.token, { tier: "pro", kind: "team" })).status).toBe(403);
    const foreign = await checkout(other.agency.id, token, { tier: "pro", kind: "team" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ status: 404 });
    expect((await subscription(other.agency.id, token)).status).toBe(404);
    const bad = await checkout(agency.id, token, { tier: "platinum", kind: "team" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("tier");
    expect(fake.customers.size).toBeGreaterThanOrEqual(0);
    expect((await agencyRow(other.agency.id)).stripeCustomerId).toBeNull();
  });
});

describe("the Stripe webhook", () => {
  it("refuses forged, unsigned and wrongly signed deliveries and changes nothing", async () => {
    const { agency } = await createAgency();
    const event = subscriptionEvent("evt_forged", "customer.subscription.created", 1_800_000_000, agency.id, "active");
    const forged = await signedDelivery(event, "whsec_someone_else");
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(BILLING_MESSAGES.badSignature);
    const unsigned = await call(webhookRoute.POST, { path: "/api/webhooks/stripe", rawBody: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    expect((await agencyRow(agency.id)).subscriptionStatus).toBe("demo");
    expect(await db().select().from(stripeEvents)).toHaveLength(0);
  });

  it("applies each event once: a replay is acknowledged and ignored", async () => {
    const { agency } = await createAgency();
    const event = subscriptionEvent("evt_once", "customer.subscription.created", 1_800_000_000, agency.id, "active");
    expect((await signedDelivery(event)).body).toMatchObject({ received: true, outcome: "applied" });
    await db().update(agencies).set({ projectLimit: 7 }).where(eq(agencies.id, agency.id));
    const replay = await signedDelivery(event);
    expect(replay.status).toBe(200);
    expect(replay.body.outcome).toBe("duplicate");
    expect((await agencyRow(agency.id)).projectLimit).toBe(7);
  });

  it("does not let a late, older event roll the subscription back", async () => {
    const { agency } = await createAgency();
    const t = 1_800_000_000;
    await signedDelivery(
      subscriptionEvent("evt_late_2", "customer.subscription.updated", t + 60, agency.id, "past_due"),
    );
    const late = await signedDelivery(
      subscriptionEvent("evt_late_1", "customer.subscription.created", t, agency.id, "active"),
    );
    expect(late.body.outcome).toBe("stale");
    expect((await agencyRow(agency.id)).subscriptionStatus).toBe("suspended");
    await signedDelivery(
      subscriptionEvent("evt_late_3", "customer.subscription.updated", t + 120, agency.id, "active"),
    );
    expect(await agencyRow(agency.id)).toMatchObject({ subscriptionStatus: "full", projectLimit: 25, planTier: "pro" });
  });

  it("suspends on a failed payment: reports stay readable, new ones are refused until it pays", async () => {
    const world = await reportWorld();
    const agencyId = world.main.agency.id;
    const t = 1_800_000_000;
    await signedDelivery(subscriptionEvent("evt_pay_1", "customer.subscription.created", t, agencyId, "active"));
    await signedDelivery({
      id: "evt_pay_2",
      type: "invoice.payment_failed",
      created: t + 30,
      data: { object: { id: "in_1", object: "invoice", customer: "cus_test", metadata: {} } },
    });
    expect((await agencyRow(agencyId)).subscriptionStatus).toBe("suspended");
    const refused = await addReport(world.project.id, world.main.token, {
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
      compareTo: "previous_period",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(BILLING_MESSAGES.suspended);
    expect((await subscription(agencyId, world.main.token)).body.status).toBe("suspended");

    await signedDelivery(subscriptionEvent("evt_pay_3", "customer.subscription.updated", t + 90, agencyId, "active"));
    const accepted = await addReport(world.project.id, world.main.token, {
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
      compareTo: "previous_period",
    });
    expect(accepted.status).toBe(202);
  });

  it("ends a deleted subscription at the default limit, keeping the data", async () => {
    const { agency } = await createAgency();
    const t = 1_800_000_000;
    await signedDelivery(subscriptionEvent("evt_del_1", "customer.subscription.created", t, agency.id, "active"));
    await signedDelivery(subscriptionEvent("evt_del_2", "customer.subscription.deleted", t + 5, agency.id, "canceled"));
    expect(await agencyRow(agency.id)).toMatchObject({ subscriptionStatus: "suspended", projectLimit: 5 });
  });

  it("acknowledges events it does not handle and events for unknown agencies without changes", async () => {
    const ignored = await signedDelivery({
      id: "evt_other",
      type: "charge.succeeded",
      created: 1,
      data: { object: {} },
    });
    expect(ignored.body.outcome).toBe("ignored");
    const unknown = await signedDelivery(
      subscriptionEvent(
        "evt_unknown",
        "customer.subscription.created",
        1,
        "00000000-0000-4000-8000-000000000000",
        "active",
      ),
    );
    expect(unknown.status).toBe(200);
    expect(unknown.body.outcome).toBe("unknown_agency");
  });
});
