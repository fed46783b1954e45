// The partner sources an agency connects with its own API keys (keyword rankings, competitor traffic): their names
// in the wizard and on every page that lists a project's sources.

export const PARTNER_SOURCE_CHOICES = {
  keyword_partner: {
    sourceName: "keyword-partner",
    label: "Keyword rankings (Semrush)",
    description: "Daily Google positions of the keywords a Semrush Position Tracking campaign follows.",
  },
  competitor: {
    sourceName: "competitor-source",
    label: "Competitor traffic (Similarweb)",
    description: "Daily visits to competitors' sites, kept apart from the client's own figures.",
  },
} as const;
