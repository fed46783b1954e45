import { describe, expect, it } from "vitest";
import { sourceKindLabel } from "./google-sources";

// Every source a project lists says what it is in the wizard's words, never the name it is stored under.
describe("sourceKindLabel", () => {
  it("names every kind of source as the wizard offers it", () => {
    expect(sourceKindLabel({ sourceName: "upload", subType: null })).toBe("File upload (CSV)");
    expect(sourceKindLabel({ sourceName: "crm", subType: null })).toBe("CRM (HubSpot)");
    expect(sourceKindLabel({ sourceName: "ecommerce", subType: null })).toBe("Ecommerce platform (Shopify)");
    expect(sourceKindLabel({ sourceName: "keyword-partner", subType: null })).toBe("Keyword rankings (Semrush)");
    expect(sourceKindLabel({ sourceName: "competitor-source", subType: null })).toBe("Competitor traffic (Similarweb)");
    expect(sourceKindLabel({ sourceName: "google", subType: "searchconsole" })).toMatch(/Search Console/);
  });
});
