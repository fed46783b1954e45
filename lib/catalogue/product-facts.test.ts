import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { landingFeatures } from "@/app/(public)/landing-features";
import { GOOGLE_SOURCES } from "@/lib/constants/google-sources";
import { PARTNER_SOURCE_CHOICES } from "@/lib/constants/partner-sources";
import { PREMIUM_SOURCES } from "@/lib/constants/premium-sources";
import { INTENTIONS } from "@/lib/insights/intentions";
import { DEMO_DAYS } from "@/server/db/demo-data/load";
import { DEMO_MONTHS } from "@/lib/constants/demo-span";
import { inWords, REPORT_QUESTIONS } from "./product-facts";

const ALL_PREMIUM = { hubspot: true, shopify: true, meta: true };
const copyOf = (premium = ALL_PREMIUM) =>
  landingFeatures(premium)
    .map((f) => `${f.title}. ${f.text}`)
    .join("\n");

describe("the landing page's copy is the catalogue's", () => {
  it("counts the questions by distinct intention keys, the audit's checks apart", () => {
    const keys = new Set(INTENTIONS.map((i) => i.key));
    expect(keys.size).toBe(INTENTIONS.length);
    const audit = new Set(INTENTIONS.filter((i) => i.stage === "audit").map((i) => i.key));
    expect(REPORT_QUESTIONS).toMatchObject({ questions: keys.size - audit.size, auditChecks: audit.size });
    const copy = copyOf();
    expect(copy).toContain(
      `checks ${keys.size - audit.size} questions across Exposure, Exploration, Evaluation and Experience`,
    );
    expect(copy).toContain(`a data quality audit of ${audit.size} checks`);
    expect(copy).not.toContain("47 questions");
  });

  it("names every connector the wizard offers, the premium ones only when this server offers them", () => {
    const copy = copyOf();
    for (const s of [...GOOGLE_SOURCES, ...Object.values(PREMIUM_SOURCES), ...Object.values(PARTNER_SOURCE_CHOICES)])
      expect(copy).toContain(s.label);
    const withoutShop = copyOf({ hubspot: true, shopify: false, meta: true });
    expect(withoutShop).not.toContain("Shopify");
    expect(withoutShop).toContain(PREMIUM_SOURCES.hubspot.label);
    expect(withoutShop).toContain(`${PREMIUM_SOURCES.meta.label}, or upload CSV exports`);
  });

  it("names the export formats and schedule frequencies the code accepts", () => {
    const copy = copyOf();
    expect(copy).toContain("export them to PowerPoint or Excel");
    expect(copy).toContain("on a weekly, monthly, quarterly or yearly schedule");
  });

  it("states the demo's history from the loader's span", () => {
    expect(DEMO_MONTHS).toBe(Math.round(DEMO_DAYS / 30.4375));
    expect(copyOf()).toContain(`A demo client with ${DEMO_MONTHS} months of data`);
  });

  it("holds no number that is not computed: every figure in the copy is one of the catalogue's", () => {
    const computed = new Set([REPORT_QUESTIONS.questions, REPORT_QUESTIONS.auditChecks, DEMO_MONTHS].map(String));
    const figures = copyOf().match(/\b\d+\b/g) ?? [];
    expect(figures.filter((n) => !computed.has(n) && n !== "4")).toEqual([]); // "Google Analytics 4" is a name
    const source = fs.readFileSync(path.resolve(import.meta.dirname, "../../app/(public)/landing-features.ts"), "utf8");
    // A count typed into the sentence ("47 questions") instead of read from the catalogue.
    expect(source).not.toMatch(/\b\d+ (questions|checks|months|intentions|formats|sources)\b/);
  });

  it("joins lists the way the sentences read", () => {
    expect(inWords([])).toBe("");
    expect(inWords(["a"])).toBe("a");
    expect(inWords(["a", "b"], "or")).toBe("a or b");
    expect(inWords(["a", "b", "c"])).toBe("a, b and c");
  });
});
