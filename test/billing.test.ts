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
import * as usersRoute from "@/app/api/users/route";
import * as createScheduleRoute from "@/app/api/insights/[id]/schedules/route";
import * as scheduleRoute from "@/app/api/schedules/[id]/route";
import { db } from "@/server/db/client";
import { agencies, stripeEvents } from "@/server/db/schema";
import { forgetPlanCatalogue } from "@/server/services/billing/plan-catalogue";
import { enqueueDueSchedules } from "@/server/services/schedules/enqueue-due-schedules";
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
beforeEach(async () => {
  forgetPlanCatalogue();
  await resetDatabase();
});

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

function invoiceEvent(id: string, type: string, created: number, subscriptionId = "sub_test") {
  return {
    id,
    type,
    created,
    data: {
      object: {
        id: `in_${id}`,
        object: "invoice",
        customer: "cus_test",
        metadata: {},
        parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
      },
    },
  };
}

const agencyRow = async (id: string) => (await db().select().from(agencies).where(eq(agencies.id, id)))[0];

describe("subscriptions", () => {
  it("lists the six plans with Stripe's prices and the products' project limits, cached a few minutes", async () => {
    const { token } = await createAgency();
    const res = await call(plansRoute.GET, { path: "/api/subscriptions/all", token });
    expect(res.status).toBe(200);
    expect(res.body.defaultProjectLimit).toBe(5);
    expect(res.body.docs).toHaveLength(6);
    expect(res.body.docs).toContainEqual({
      tier: "pro",
      kind: "team",
      name: "Pro Team",
      amount: 9900,
      currency: "usd",
      interval: "month",
      intervalCount: 1,
      projectLimit: 25,
    });
    // The operator changes the price and the limit in Stripe: shown once the cache has expired (here: forgotten).
    const price = fake.prices.find((p) => p.lookup_key === "funnelwise_pro_team")!;
    const product = fake.products.find((p) => p.id === price.product)!;
    const before = { price: { ...price }, product: { ...product, metadata: { ...product.metadata } } };
    try {
      Object.assign(price, {
        unit_amount: 12900,
        currency: "eur",
        recurring: { ...price.recurring, interval: "year" },
      });
      product.metadata.project_limit = "40";
      const cached = await call(plansRoute.GET, { path: "/api/subscriptions/all", token });
      expect(
        cached.body.docs.find((d: { tier: string; kind: string }) => d.tier === "pro" && d.kind === "team"),
      ).toMatchObject({ amount: 9900, projectLimit: 25 });
      forgetPlanCatalogue();
      const fresh = await call(plansRoute.GET, { path: "/api/subscriptions/all", token });
      expect(
        fresh.body.docs.find((d: { tier: string; kind: string }) => d.tier === "pro" && d.kind === "team"),
      ).toMatchObject({ amount: 12900, currency: "eur", interval: "year", projectLimit: 40 });
      // A plan whose price was archived in Stripe is not on sale.
      price.active = false;
      forgetPlanCatalogue();
      const archived = await call(plansRoute.GET, { path: "/api/subscriptions/all", token });
      expect(archived.body.docs).toHaveLength(5);
    } finally {
      Object.assign(price, before.price);
      product.metadata = before.product.metadata;
      forgetPlanCatalogue();
    }
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
      plan: { tier: "pro", kind: "team", name: "Pro Team", amount: 9900, currency: "usd", interval: "month" },
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
    await signedDelivery(subscriptionEvent("evt_late_2", "customer.subscription.updated", t + 60, agency.id, "unpaid"));
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

  it("keeps a past-due agency working: a failed payment shows the admins a banner, and reports go on", async () => {
    const world = await reportWorld();
    const agencyId = world.main.agency.id;
    const t = 1_800_000_000;
    await signedDelivery(subscriptionEvent("evt_pay_1", "customer.subscription.created", t, agencyId, "active"));
    const failed = await signedDelivery(invoiceEvent("evt_pay_2", "invoice.payment_failed", t + 30));
    expect(failed.body.outcome).toBe("applied");
    await signedDelivery(subscriptionEvent("evt_pay_3", "customer.subscription.updated", t + 30, agencyId, "past_due"));
    expect(await agencyRow(agencyId)).toMatchObject({ subscriptionStatus: "full" });
    expect((await agencyRow(agencyId)).paymentPastDueAt).toEqual(new Date((t + 30) * 1000));

    const me = await call(usersRoute.GET, { path: "/api/users", token: world.main.token });
    expect(me.body.agency).toMatchObject({ subscriptionStatus: "full", paymentPastDue: true });
    const page = await subscription(agencyId, world.main.token);
    expect(page.body).toMatchObject({ status: "full", pastDueSince: new Date((t + 30) * 1000).toISOString() });
    const accepted = await addReport(world.project.id, world.main.token, {
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
      compareTo: "previous_period",
    });
    expect(accepted.status).toBe(202);

    // The card is fixed in the portal: Stripe's retry succeeds and the banner goes.
    await signedDelivery(invoiceEvent("evt_pay_4", "invoice.paid", t + 90));
    expect((await agencyRow(agencyId)).paymentPastDueAt).toBeNull();
    const after = await call(usersRoute.GET, { path: "/api/users", token: world.main.token });
    expect(after.body.agency.paymentPastDue).toBe(false);
  });

  it("suspends only when Stripe gives up (unpaid), pausing schedules; invoice.paid resumes them at their next regular time", async () => {
    const world = await reportWorld();
    const agencyId = world.main.agency.id;
    const token = world.main.token;
    const t = Math.floor(Date.now() / 1000) - 600;
    await signedDelivery(subscriptionEvent("evt_dun_1", "customer.subscription.created", t, agencyId, "active"));
    const schedule = await call(createScheduleRoute.POST, {
      path: `/api/insights/${world.project.id}/schedules`,
      params: { id: world.project.id },
      token,
      body: { frequency: "weekly", weekday: 1, timeOfDay: "09:00", recipients: "boss@client.com", format: "xlsx" },
    });
    expect(schedule.status).toBe(201);
    await signedDelivery(invoiceEvent("evt_dun_2", "invoice.payment_failed", t + 10));
    expect((await agencyRow(agencyId)).subscriptionStatus).toBe("full");

    await signedDelivery(subscriptionEvent("evt_dun_3", "customer.subscription.updated", t + 20, agencyId, "unpaid"));
    expect((await agencyRow(agencyId)).subscriptionStatus).toBe("suspended");
    const refused = await addReport(world.project.id, token, {
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
      compareTo: "previous_period",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(BILLING_MESSAGES.suspended);
    const paused = await call(scheduleRoute.GET, {
      path: `/api/schedules/${schedule.body._id}`,
      params: { id: schedule.body._id },
      token,
    });
    expect(paused.body).toMatchObject({ active: false, nextRunAt: null });
    // Its due time passes while suspended: no delivery.
    const due = new Date(schedule.body.nextRunAt);
    const whileSuspended = await enqueueDueSchedules({ now: new Date(due.getTime() + 60_000) });
    expect(whileSuspended.filter((r) => r.scheduleId === schedule.body._id)).toEqual([]);

    const paid = await signedDelivery(invoiceEvent("evt_dun_4", "invoice.paid", t + 30));
    expect(paid.body.outcome).toBe("applied");
    expect(await agencyRow(agencyId)).toMatchObject({ subscriptionStatus: "full", paymentPastDueAt: null });
    const resumed = await call(scheduleRoute.GET, {
      path: `/api/schedules/${schedule.body._id}`,
      params: { id: schedule.body._id },
      token,
    });
    expect(resumed.body.active).toBe(true);
    const next = new Date(resumed.body.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getUTCDay()).toBe(1);
    // Runs again at its next regular time, once.
    const later = await enqueueDueSchedules({ now: next });
    expect(later.filter((r) => r.scheduleId === schedule.body._id)).toHaveLength(1);
  });

  it("changes nothing on replayed or out-of-order dunning events", async () => {
    const { agency } = await createAgency();
    const t = 1_800_000_000;
    await signedDelivery(subscriptionEvent("evt_ooo_1", "customer.subscription.created", t, agency.id, "active"));
    // invoice.paid arrives before the older failure it settled: the failure arriving late is stale.
    await signedDelivery(invoiceEvent("evt_ooo_3", "invoice.paid", t + 60));
    const late = await signedDelivery(invoiceEvent("evt_ooo_2", "invoice.payment_failed", t + 30));
    expect(late.body.outcome).toBe("stale");
    expect((await agencyRow(agency.id)).paymentPastDueAt).toBeNull();
    // An unpaid that came before an active is stale too, and a replay of the suspension is a duplicate.
    await signedDelivery(subscriptionEvent("evt_ooo_5", "customer.subscription.updated", t + 90, agency.id, "active"));
    const olderUnpaid = await signedDelivery(
      subscriptionEvent("evt_ooo_4", "customer.subscription.updated", t + 80, agency.id, "unpaid"),
    );
    expect(olderUnpaid.body.outcome).toBe("stale");
    expect((await agencyRow(agency.id)).subscriptionStatus).toBe("full");
    const replay = await signedDelivery(invoiceEvent("evt_ooo_2", "invoice.payment_failed", t + 120));
    expect(replay.body.outcome).toBe("duplicate");
    expect((await agencyRow(agency.id)).paymentPastDueAt).toBeNull();
  });

  it("goes through Stripe's dunning from the fake: past due, unpaid, paid", async () => {
    const { agency, token } = await createAgency();
    const started = await checkout(agency.id, token, { tier: "basic", kind: "team" });
    await fetch(started.body.url, { method: "POST", redirect: "manual" });
    const subscriptionId = (await agencyRow(agency.id)).stripeSubscriptionId!;
    await fake.failRenewal(subscriptionId);
    expect(await agencyRow(agency.id)).toMatchObject({ subscriptionStatus: "full", projectLimit: 10 });
    expect((await agencyRow(agency.id)).paymentPastDueAt).not.toBeNull();
    await fake.giveUp(subscriptionId);
    expect((await agencyRow(agency.id)).subscriptionStatus).toBe("suspended");
    await fake.payInvoice(subscriptionId);
    expect(await agencyRow(agency.id)).toMatchObject({ subscriptionStatus: "full", paymentPastDueAt: null });
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
