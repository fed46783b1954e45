import type { SiteType } from "./site-types";

// Settings per client and per project (agency settings are the agency's own columns).

export const WEEK_STARTS = [
  { value: "monday", label: "Monday" },
  { value: "sunday", label: "Sunday" },
] as const;
export type WeekStart = (typeof WEEK_STARTS)[number]["value"];

export const REPORT_LANGUAGES = [{ value: "en", label: "English" }] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number]["value"];

export const MAX_REPORT_RECIPIENTS = 20;
export const MAX_GOALS_LENGTH = 1000;

/** Key performance indicators a project can rank its insights by. */
export const KPIS = [
  { value: "revenue", label: "Revenue" },
  { value: "transactions", label: "Transactions" },
  { value: "leads", label: "Leads" },
  { value: "deals_won", label: "Deals won (CRM)" },
  { value: "conversions", label: "Conversions" },
  { value: "engaged_sessions", label: "Engaged sessions" },
  { value: "pageviews", label: "Pageviews" },
  { value: "reach", label: "Reach" },
  { value: "impressions", label: "Impressions" },
  // Search Console's or an ad account's clicks: what a project of search results or ads alone is judged by.
  { value: "clicks", label: "Clicks" },
  { value: "branded_search", label: "Branded search" },
] as const;
export type Kpi = (typeof KPIS)[number]["value"];

/** The primary KPI of each site type when a project does not override it (DESIGN: Most Impactful Insights). */
export const DEFAULT_PRIMARY_KPI: Record<SiteType, Kpi> = {
  ecommerce: "revenue",
  lead_generation: "leads",
  content: "engaged_sessions",
  brand: "reach",
};

export const CLIENT_SETTINGS_DEFAULTS = {
  currency: "USD",
  timeZone: "UTC",
  weekStart: "monday" as WeekStart,
  reportRecipients: [] as string[],
};

export const SETTINGS_MESSAGES = {
  currencyInvalid: "Please select a currency from the list",
  timeZoneInvalid: "Please select a time zone from the list",
  weekStartInvalid: "Please choose Monday or Sunday",
  tooManyRecipients: `You can add at most ${MAX_REPORT_RECIPIENTS} report recipients`,
  kpiInvalid: "Please select a KPI from the list",
  languageInvalid: "Please select a report language from the list",
  saved: "Settings saved",
} as const;
