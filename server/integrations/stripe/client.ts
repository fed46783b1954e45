import "server-only";
import Stripe from "stripe";
import { env } from "../../env";

let cached: { key: string; client: Stripe } | undefined;

/** Whether subscriptions can be sold here: without a secret key the app keeps demo subscriptions. */
export function stripeConfigured(): boolean {
  return Boolean(env().STRIPE_SECRET_KEY);
}

/** The Stripe SDK client; `STRIPE_API_URL` points it at a local fake in tests. */
export function stripe(): Stripe {
  const key = env().STRIPE_SECRET_KEY;
  if (!key) throw new Error("Stripe is not configured (STRIPE_SECRET_KEY)");
  if (cached?.key === key) return cached.client;
  const base = env().STRIPE_API_URL ? new URL(env().STRIPE_API_URL!) : null;
  const client = new Stripe(key, {
    maxNetworkRetries: 2,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
  cached = { key, client };
  return client;
}

/** Verifies Stripe's signature over the raw body; throws when it is forged, stale or missing. */
export function verifyWebhook(rawBody: string, signature: string | null): Stripe.Event {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret || !signature) throw new Error("Missing Stripe signature or webhook secret");
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export type { Stripe };
