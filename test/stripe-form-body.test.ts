import { describe, expect, it } from "vitest";
import { parseFormBody } from "@/e2e/fakes/stripe/form-body";

describe("Stripe form bodies", () => {
  it("rebuilds nested objects and arrays from bracketed keys, as the SDK encodes them", () => {
    const body = new URLSearchParams({
      mode: "subscription",
      "line_items[0][price]": "price_1",
      "line_items[0][quantity]": "1",
      "metadata[agencyId]": "a1",
      "subscription_data[metadata][tier]": "pro",
      "lookup_keys[0]": "k0",
      "lookup_keys[1]": "k1",
    }).toString();
    expect(parseFormBody(body)).toEqual({
      mode: "subscription",
      line_items: [{ price: "price_1", quantity: "1" }],
      metadata: { agencyId: "a1" },
      subscription_data: { metadata: { tier: "pro" } },
      lookup_keys: ["k0", "k1"],
    });
    expect(parseFormBody("lookup_keys[]=a&lookup_keys[]=b")).toEqual({ lookup_keys: ["a", "b"] });
  });
});
