import "server-only";
import { listOrders } from "../../../../integrations/shopify/orders";
import { sourceAccessToken } from "../../../premium-sources/access-token";
import { RowBuffer } from "../row-buffer";
import { projectDayWindow } from "./premium-window";
import type { PartnerConnector } from "./types";

// Shopify orders by day in the project's time zone (test and cancelled orders left out): orders,
// their current total (refunds deducted), products sold (line item quantities), and the orders
// of new and of returning customers. One row per day, no dimension.

export const ecommerceConnector: PartnerConnector = {
  provider: "Shopify",
  historyMonths: 13,
  batchDays: 31,
  newBuffer: () =>
    new RowBuffer([], ["orders", "order_revenue", "products_sold", "new_customer_orders", "returning_customer_orders"]),
  async fetch({ source, startDate, endDate, buffer }) {
    const shop = String(source.additional.shop ?? "");
    const token = await sourceAccessToken(source, "shopify");
    const window = await projectDayWindow(source.projectId, startDate, endDate);
    for (const order of await listOrders(shop, token, window.from, window.to)) {
      const day = window.dayOf(order.createdAt);
      if (day)
        buffer.add(day, [], [1, order.revenue, order.items, order.newCustomer ? 1 : 0, order.newCustomer ? 0 : 1]);
    }
  },
};
