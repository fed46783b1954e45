// The partner sources an agency connects with its own API keys (keyword rankings, competitor traffic): their names
// in the wizard and on every page that lists a project's sources.

export const PARTNER_SOURCE_CHOICES = {
  keyword_partner: {
    sourceName: "keyword-partner",
    label: "Keyword rankings (Semrush)",
    provider: "Semrush",
    description: "Daily Google positions of the keywords a Semrush Position Tracking campaign follows.",
  },
  competitor: {
    sourceName: "competitor-source",
    label: "Competitor traffic (Similarweb)",
    provider: "Similarweb",
    description: "Daily visits to competitors' sites, kept apart from the client's own figures.",
  },
} as const;

/**
 * The kinds of source imported from a partner's API rather than uploaded: the two above, the premium CRM and
 * store, and Meta Ads. Each is imported every day and on demand (Import now), and its page shows its imports
 * and their errors.
 */
export const IMPORTED_PARTNER_KINDS = ["keyword_partner", "competitor", "crm", "ecommerce", "meta_ads"] as const;
export type ImportedPartnerKind = (typeof IMPORTED_PARTNER_KINDS)[number];

export const isImportedPartnerKind = (kind: string): kind is ImportedPartnerKind =>
  (IMPORTED_PARTNER_KINDS as readonly string[]).includes(kind);
