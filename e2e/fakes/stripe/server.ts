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

export interface Price {
  id: string;
  object: "price";
  active: boolean;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string;
  metadata: Record<string, string>;
  nickname: string | null;
  product: string;
  recurring: {
    interval: "day" | "week" | "month" | "year";
    interval_count: number;
    usage_type: "licensed";
    meter: null;
    trial_period_days: null;
  };
  tax_behavior: "unspecified";
  type: "recurring";
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Product {
  id: string;
  object: "product";
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: [];
  metadata: Record<string, string>;
  name: string;
  package_dimensions: null;
  shippable: null;
  statement_descriptor: null;
  tax_code: null;
  unit_label: null;
  updated: number;
  url: null;
}

export interface StripeFake {
  baseUrl: string;
  /** The catalogue the fake sells (tests may change an amount or a product's metadata). */
  prices: Price[];
  products: Product[];
  customers: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, Stripe.Subscription>;
  sessions: Map<string, Record<string, unknown>>;
  /** Events sent to the app, in order. */
  events: Stripe.Event[];
  /** Sends a signed event for a subscription change (e.g. a failed renewal), as Stripe would. */
  sendEvent(type: string, object: unknown): Promise<number>;
  /**
   * Stripe's dunning, step by step, for a subscription the fake holds: a renewal whose card is declined
   * (`invoice.payment_failed`, the subscription `past_due`), Stripe giving up after its retries (`unpaid`), and the
   * customer paying the open invoice (`invoice.paid`, the subscription `active` again).
   */
  failRenewal(subscriptionId: string): Promise<void>;
  giveUp(subscriptionId: string): Promise<void>;
  payInvoice(subscriptionId: string): Promise<void>;
  close(): Promise<void>;
}

// One product per plan, as an operator sets Stripe up: its monthly price found by lookup key, its project limit in
// the product's metadata.
const PRICES: [lookupKey: string, name: string, amount: number, projectLimit: number][] = [
  ["funnelwise_basic_team", "Funnelwise Basic Team", 4900, 10],
  ["funnelwise_pro_team", "Funnelwise Pro Team", 9900, 25],
  ["funnelwise_business_team", "Funnelwise Business Team", 24900, 100],
  ["funnelwise_basic_personal", "Funnelwise Basic Personal", 1900, 5],
  ["funnelwise_pro_personal", "Funnelwise Pro Personal", 3900, 12],
  ["funnelwise_business_personal", "Funnelwise Business Personal", 7900, 30],
];

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const created = now();
  const products: Product[] = [];
  const prices: Price[] = PRICES.map(([lookup_key, name, unit_amount, projectLimit]) => {
    const product: Product = {
      id: newId("prod"),
      object: "product",
      active: true,
      created,
      default_price: null,
      description: null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: { project_limit: String(projectLimit) },
      name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      unit_label: null,
      updated: created,
      url: null,
    };
    const price: Price = {
      id: newId("price"),
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      created,
      currency: "usd",
      livemode: false,
      lookup_key,
      metadata: {},
      nickname: null,
      product: product.id,
      recurring: { interval: "month", interval_count: 1, usage_type: "licensed", meter: null, trial_period_days: null },
      tax_behavior: "unspecified",
      type: "recurring",
      unit_amount,
      unit_amount_decimal: String(unit_amount),
    };
    product.default_price = price.id;
    products.push(product);
    return price;
  });
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

  function invoiceFor(subscription: Stripe.Subscription, status: "open" | "paid") {
    return {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      status,
      billing_reason: "subscription_cycle",
      amount_due: (subscription.items.data[0].price as unknown as Price).unit_amount,
      currency: "usd",
      metadata: {},
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: {} } },
      created: now(),
    };
  }

  async function moveSubscription(subscriptionId: string, status: string, invoiceEvent?: string) {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    (subscription as { status: string }).status = status;
    if (invoiceEvent)
      await sendEvent(invoiceEvent, invoiceFor(subscription, invoiceEvent === "invoice.paid" ? "paid" : "open"));
    await sendEvent("customer.subscription.updated", subscription);
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
      const active = (query as { active?: string }).active;
      const data = prices.filter(
        (p) =>
          (keys.length === 0 || keys.includes(p.lookup_key)) && (active === undefined || String(p.active) === active),
      );
      return json(res, 200, { object: "list", data, has_more: false, url: "/v1/prices" });
    }
    if (req.method === "GET" && url.pathname === "/v1/products") {
      const query = parseFormBody(url.search.slice(1)) as { active?: string; ids?: string[] | Record<string, string> };
      const ids = Object.values(query.ids ?? {});
      const data = products.filter(
        (p) =>
          (ids.length === 0 || ids.includes(p.id)) && (query.active === undefined || String(p.active) === query.active),
      );
      return json(res, 200, { object: "list", data, has_more: false, url: "/v1/products" });
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
    prices,
    products,
    customers,
    subscriptions,
    sessions,
    events,
    sendEvent,
    failRenewal: (id) => moveSubscription(id, "past_due", "invoice.payment_failed"),
    giveUp: (id) => moveSubscription(id, "unpaid"),
    payInvoice: (id) => moveSubscription(id, "active", "invoice.paid"),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
