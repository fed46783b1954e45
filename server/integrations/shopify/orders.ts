import "server-only";
import { malformed } from "../premium/http";
import { PROVIDER, shopifyCall, shopifyRest, shopifyTries } from "./client";

// Shopify Admin REST API, orders:
//   GET /admin/api/{version}/orders.json?status=any&created_at_min&created_at_max&limit=250&fields=...
//   -> { orders: [{ id, created_at, current_total_price, cancelled_at, test, line_items: [{ quantity }],
//        customer: { id, created_at } }] }
// Pages follow the `Link: <...page_info=...>; rel="next"` header (cursor pagination), which the
// Shopify library reads into pageInfo; a next page's request carries only page_info, limit and fields.

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

/** Orders created in [from, to), not cancelled and not test orders. */
export async function listOrders(shop: string, accessToken: string, from: Date, to: Date): Promise<Order[]> {
  const client = shopifyRest(shop, accessToken);
  const first: Record<string, string> = {
    status: "any",
    created_at_min: from.toISOString(),
    created_at_max: new Date(to.getTime() - 1000).toISOString(),
    limit: "250",
    fields: FIELDS,
  };
  let query: Record<string, string> | null = first;
  const orders: Order[] = [];
  for (let page = 0; query && page < 10_000; page++) {
    const current: Record<string, string> = query;
    const { body, pageInfo } = await shopifyCall(() =>
      client.get<{ orders?: unknown }>({ path: "orders", query: current, tries: shopifyTries() }),
    );
    const list = body.orders;
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
    const next = pageInfo?.nextPageUrl ? new URL(pageInfo.nextPageUrl).searchParams.get("page_info") : null;
    query = next ? { page_info: next, limit: "250", fields: FIELDS } : null;
  }
  return orders;
}
