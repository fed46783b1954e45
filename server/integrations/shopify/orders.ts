import "server-only";
import { premiumConfig, shopUrl } from "../premium/config";
import { malformed, premiumFetch } from "../premium/http";
import { PROVIDER, accessHeader } from "./oauth";

// Shopify Admin REST API, orders:
//   GET /admin/api/{version}/orders.json?status=any&created_at_min&created_at_max&limit=250&fields=...
//   -> { orders: [{ id, created_at, current_total_price, cancelled_at, test, line_items: [{ quantity }],
//        customer: { id, created_at } }] }
// Pages follow the `Link: <...page_info=...>; rel="next"` header (cursor pagination); a next
// page's URL carries only page_info, limit and fields.

export interface Order {
  id: string;
  createdAt: string;
  revenue: number;
  items: number;
  /** The customer's record was created with this order (their first order), or there is none. */
  newCustomer: boolean;
}

const FIELDS = "id,created_at,current_total_price,total_price,cancelled_at,test,line_items,customer";
/** A customer created up to a day before the order is one Shopify created at checkout: a new customer. */
const NEW_CUSTOMER_WINDOW_MS = 24 * 3600 * 1000;

export function nextPageUrl(link: string | null): URL | null {
  if (!link) return null;
  for (const part of link.split(",")) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part.trim());
    if (match) return new URL(match[1]);
  }
  return null;
}

/** Orders created in [from, to), not cancelled and not test orders. */
export async function listOrders(shop: string, accessToken: string, from: Date, to: Date): Promise<Order[]> {
  let url: URL | null = shopUrl(shop, `admin/api/${premiumConfig().SHOPIFY_API_VERSION}/orders.json`);
  url.searchParams.set("status", "any");
  url.searchParams.set("created_at_min", from.toISOString());
  url.searchParams.set("created_at_max", new Date(to.getTime() - 1000).toISOString());
  url.searchParams.set("limit", "250");
  url.searchParams.set("fields", FIELDS);
  const orders: Order[] = [];
  for (let page = 0; url && page < 10_000; page++) {
    const { body, headers }: { body: unknown; headers: Headers } = await premiumFetch(PROVIDER, url, {
      headers: accessHeader(accessToken),
    });
    const list = (body as { orders?: unknown }).orders;
    if (!Array.isArray(list)) throw malformed(PROVIDER, "orders answer without orders");
    for (const o of list as Record<string, unknown>[]) {
      if (o.test === true || o.cancelled_at) continue;
      const createdAt = String(o.created_at ?? "");
      const at = Date.parse(createdAt);
      if (!Number.isFinite(at) || at < from.getTime() || at >= to.getTime()) continue;
      const revenue = Number(o.current_total_price ?? o.total_price ?? 0);
      const items = Array.isArray(o.line_items)
        ? (o.line_items as { quantity?: number }[]).reduce((sum, li) => sum + (Number(li.quantity) || 0), 0)
        : 0;
      const customer = o.customer as { created_at?: string } | null | undefined;
      const customerSince = customer?.created_at ? Date.parse(customer.created_at) : NaN;
      orders.push({
        id: String(o.id),
        createdAt,
        revenue: Number.isFinite(revenue) ? revenue : 0,
        items,
        newCustomer: !customer || !Number.isFinite(customerSince) || customerSince >= at - NEW_CUSTOMER_WINDOW_MS,
      });
    }
    url = nextPageUrl(headers.get("link"));
  }
  return orders;
}
