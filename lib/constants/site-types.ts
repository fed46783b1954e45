export const SITE_TYPES = [
  { value: "ecommerce", label: "Ecommerce" },
  { value: "lead_generation", label: "Lead generation" },
  { value: "content", label: "Content" },
  { value: "brand", label: "Brand" },
] as const;
export type SiteType = (typeof SITE_TYPES)[number]["value"];
