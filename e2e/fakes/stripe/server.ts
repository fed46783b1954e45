// A local stand-in for the Stripe API that speaks its wire format: form-encoded requests with bracketed
// keys, JSON objects with `id` and `object`, list envelopes, the `{ error: { type, message } }` error body,
// Bearer secret-key auth. It hosts the Checkout page itself: paying creates the subscription and sends the
// signed webhook events Stripe would (checkout.session.completed, customer.subscription.created) to the app.
import { randomBytes } from "node:crypto";
import http from "node:http";
import Stripe from "stripe";
import { parseFormBody } from "./form-body";

export interface StripeFakeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events are posted, e.g. http://localhost:3210/api/webhooks/stripe. */
  webhookUrl: string;
  port?: number;
}

interface Price {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  lookup_key: string;
  recurring: { interval: "month"; interval_count: 1 };
  type: "recurring";
}

export interface StripeFake {
  baseUrl: string;
  customers: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, Stripe.Subscription>;
  sessions: Map<string, Record<string, unknown>>;
  /** Events sent to the app, in order. */
  events: Stripe.Event[];
  /** Sends a signed event for a subscription change (e.g. a failed renewal), as Stripe would. */
  sendEvent(type: string, object: unknown): Promise<number>;
  close(): Promise<void>;
}

const PRICES: [string, number][] = [
  ["funnelwise_basic_team", 4900],
  ["funnelwise_pro_team", 9900],
  ["funnelwise_business_team", 24900],
  ["funnelwise_basic_personal", 1900],
  ["funnelwise_pro_personal", 3900],
  ["funnelwise_business_personal", 7900],
];

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const prices: Price[] = PRICES.map(([lookup_key, unit_amount]) => ({
    id: newId("price"),
    object: "price",
    active: true,
    currency: "usd",
    unit_amount,
    lookup_key,
    recurring: { interval: "month", interval_count: 1 },
    type: "recurring",
  }));
  const customers = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const sessions = new Map<string, Record<string, unknown>>();
  const events: Stripe.Event[] = [];
  let baseUrl = "";

  async function sendEvent(type: string, object: unknown): Promise<number> {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: "2025-10-29.clover",
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    } as unknown as Stripe.Event;
    events.push(event);
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const res = await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    return res.status;
  }

  function subscriptionFor(session: Record<string, unknown>): Stripe.Subscription {
    const price = prices.find((p) => p.id === (session.line_items as { price: string }[])[0].price)!;
    const start = now();
    const subscription = {
      id: newId("sub"),
      object: "subscription",
      customer: session.customer,
      status: "active",
      metadata: (session.subscription_data as { metadata?: Record<string, string> })?.metadata ?? {},
      created: start,
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: start + 30 * 86400,
          },
        ],
      },
    } as unknown as Stripe.Subscription;
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: http.ServerResponse, status: number, message: string, param?: string) =>
    json(res, status, { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", baseUrl);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");

    // The hosted Checkout page (no API key: the customer's browser opens it).
    const checkout = url.pathname.match(/^\/checkout\/(cs_[a-z0-9_]+)$/i);
    if (checkout) {
      const session = sessions.get(checkout[1]);
      if (!session) return json(res, 404, { error: { type: "invalid_request_error", message: "No such session" } });
      if (req.method === "GET") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(
          `<!doctype html><html lang="en"><head><title>Checkout</title></head><body><main><h1>Subscribe</h1>` +
            `<form method="post"><button type="submit">Pay and subscribe</button></form>` +
            `<a href="${session.cancel_url}">Cancel</a></main></body></html>`,
        );
      }
      const subscription = subscriptionFor(session);
      Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscription.id });
      await sendEvent("checkout.session.completed", session);
      await sendEvent("customer.subscription.created", subscription);
      res.writeHead(303, { location: String(session.success_url) });
      return res.end();
    }

    if (req.headers.authorization !== `Bearer ${options.secretKey}`)
      return json(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    const body = parseFormBody(raw) as Record<string, unknown>;

    if (req.method === "GET" && url.pathname === "/v1/prices") {
      // The SDK encodes arrays with indices (lookup_keys[0]=…); curl users write lookup_keys[]=…: both parse.
      const query = parseFormBody(url.search.slice(1)) as { lookup_keys?: string[] | Record<string, string> };
      const keys = Object.values(query.lookup_keys ?? {});
      const data = prices.filter((p) => keys.length === 0 || keys.includes(p.lookup_key));
      return json(res, 200, { object: "list", data, has_more: false, url: "/v1/prices" });
    }
    if (req.method === "POST" && url.pathname === "/v1/customers") {
      const customer = { id: newId("cus"), object: "customer", created: now(), ...body };
      customers.set(customer.id, customer);
      return json(res, 200, customer);
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (body.mode !== "subscription") return stripeError(res, 400, "Only subscription mode is faked", "mode");
      if (!customers.has(String(body.customer))) return stripeError(res, 400, "No such customer", "customer");
      const items = body.line_items as { price: string }[] | undefined;
      if (!items?.[0] || !prices.some((p) => p.id === items[0].price))
        return stripeError(res, 400, "No such price", "line_items[0][price]");
      const id = newId("cs_test");
      const session = {
        id,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        payment_status: "unpaid",
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data ?? {},
        line_items: items,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        subscription: null,
        url: `${baseUrl}/checkout/${id}`,
      };
      sessions.set(id, session);
      return json(res, 200, session);
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      if (!customers.has(String(body.customer))) return stripeError(res, 400, "No such customer", "customer");
      const id = newId("bps");
      return json(res, 200, {
        id,
        object: "billing_portal.session",
        customer: body.customer,
        return_url: body.return_url,
        url: `${baseUrl}/portal/${id}`,
      });
    }
    const sub = url.pathname.match(/^\/v1\/subscriptions\/(sub_[a-z0-9]+)$/);
    if (req.method === "GET" && sub) {
      const found = subscriptions.get(sub[1]);
      return found ? json(res, 200, found) : stripeError(res, 404, `No such subscription: '${sub[1]}'`, "id");
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    baseUrl,
    customers,
    subscriptions,
    sessions,
    events,
    sendEvent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
