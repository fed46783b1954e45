// A Shopify orders export for tests (lib/csv-import/order-list.test.ts, test/order-list-upload.test.ts).
// Shopify's orders export: github.com/Steproac/Monfrere-Tactical-Audit, Shopify_orders_export_2.csv. Its header is
// verbatim; the rows keep the real orders' own cells (#5937, #5936, #5933 and its further line items, #5816
// cancelled) with the customers' names, emails, addresses and phones left empty here; #5801, a quoted thousands
// amount, is written here.

const HEADER =
  "Name,Email,Financial Status,Paid at,Fulfillment Status,Fulfilled at,Accepts Marketing,Currency,Subtotal,Shipping,Taxes,Total,Discount Code,Discount Amount,Shipping Method,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem compare at price,Lineitem sku,Lineitem requires shipping,Lineitem taxable,Lineitem fulfillment status,Billing Name,Billing Street,Billing Address1,Billing Address2,Billing Company,Billing City,Billing Zip,Billing Province,Billing Country,Billing Phone,Shipping Name,Shipping Street,Shipping Address1,Shipping Address2,Shipping Company,Shipping City,Shipping Zip,Shipping Province,Shipping Country,Shipping Phone,Notes,Note Attributes,Cancelled at,Payment Method,Payment Reference,Refunded Amount,Vendor,Outstanding Balance,Employee,Location,Device ID,Id,Tags,Risk Level,Source,Lineitem discount,Tax 1 Name,Tax 1 Value,Tax 2 Name,Tax 2 Value,Tax 3 Name,Tax 3 Value,Tax 4 Name,Tax 4 Value,Tax 5 Name,Tax 5 Value,Phone,Receipt Number,Duties,Billing Province Name,Shipping Province Name,Payment ID,Payment Terms Name,Next Payment Due At,Payment References";
const COLUMNS = HEADER.split(",");

/** A row of the export with the cells given by column name, the others empty. */
const row = (cells: Record<string, string>) => COLUMNS.map((c) => cells[c] ?? "").join(",");
export const order = (name: string, created: string, total: string, more: Record<string, string> = {}) =>
  row({ Name: name, "Financial Status": "paid", Currency: "USD", Total: total, "Created at": created, ...more });
const lineItem = (name: string, created: string) =>
  row({ Name: name, "Created at": created, "Lineitem quantity": "1", "Lineitem price": "82.10" });

export const ORDERS =
  [
    HEADER,
    order("#5937", "2023-04-09 19:46:45 -0700", "235.00"),
    order("#5936", "2023-04-09 19:43:47 -0700", "79.95"),
    order("#5933", "2023-04-09 18:59:06 -0700", "406.58"),
    lineItem("#5933", "2023-04-09 18:59:06 -0700"),
    lineItem("#5933", "2023-04-09 18:59:06 -0700"),
    lineItem("#5933", "2023-04-09 18:59:06 -0700"),
    order("#5816", "2023-04-05 17:22:54 -0700", "79.99", { "Cancelled at": "2023-04-11 13:09:29 -0700" }),
    order("#5801", "2023-04-07 10:02:11 -0700", '"1,234.50"'),
  ].join("\n") + "\n";
