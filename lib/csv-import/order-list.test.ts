import { describe, expect, it } from "vitest";
import { orderListDays } from "./order-list";
import { readExport } from "./read-export";
import { order, ORDERS } from "@/test/shopify-orders-fixture";

// The real export's header and orders (test/shopify-orders-fixture.ts says where from).

describe("Shopify's orders export", () => {
  it("counts each order once, on its Created at day, with its Total; cancelled ones left out", () => {
    const days = orderListDays(ORDERS, true)!;
    expect(days.refusal).toBeNull();
    expect(days.text).toBe("Date,Orders,Revenue\n2023-04-07,1,1234.5\n2023-04-08,0,0\n2023-04-09,3,721.53\n");
    expect(days.note).toBe(
      "Shopify orders export, one row per line item (4 orders): counted by day, each order on its Created at with its Total; 1 cancelled order left out",
    );
  });

  it("its order names start with #: rows, not comments, and the wizard's reading is the same table", () => {
    const reading = readExport(ORDERS, { complete: true });
    expect(reading.refusal).toBeNull();
    expect(reading.orderList).toBe(true);
    expect(reading.tool).toBe("shopify");
    expect(reading.table?.proposal.map((c) => c.target)).toEqual(["date", "metric:transactions", "metric:revenue"]);
    expect(reading.table?.periods).toMatchObject({ first: "2023-04-07", last: "2023-04-09", grain: "day" });
  });

  it("an order whose date does not read is refused with its line and column", () => {
    const bad = ORDERS.replace("2023-04-07 10:02:11 -0700", "soon");
    expect(orderListDays(bad, true)!.refusal).toBe('Line 9, column Created at: "soon" is not a date');
  });

  it("orders in several currencies are refused", () => {
    const mixed = ORDERS.replace(
      order("#5936", "2023-04-09 19:43:47 -0700", "79.95"),
      order("#5936", "2023-04-09 19:43:47 -0700", "79.95", { Currency: "EUR" }),
    );
    expect(orderListDays(mixed, true)!.refusal).toBe(
      "Line 1, column Currency: the orders are in USD, EUR: export one currency's orders at a time",
    );
  });
});
