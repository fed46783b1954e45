import { GOOGLE_SOURCES } from "../constants/google-sources";
import { PARTNER_SOURCE_CHOICES } from "../constants/partner-sources";
import { PREMIUM_INTEGRATIONS, PREMIUM_SOURCES, type PremiumIntegration } from "../constants/premium-sources";
import { FUNNEL_STAGES, INTENTIONS } from "../insights/intentions";
import { SCHEDULE_FREQUENCIES, type ScheduleFrequency } from "../schedules/next-run";
import { EXPORT_FORMATS, type ExportFormatKey } from "../validation/exports";

// What the product's copy (the landing page, help texts) says it holds, computed from the catalogues the code runs
// on, so a sentence cannot drift from the product: a new intention, connector, export format or schedule frequency
// changes the copy with it.

/** "a", "a and b", "a, b and c". */
export function inWords(items: readonly string[], conjunction: "and" | "or" = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}

/** An export format as a sentence names it (typed by the format list, so a new format must be named here). */
export const EXPORT_FORMAT_NAMES: Record<ExportFormatKey, string> = { pptx: "PowerPoint", xlsx: "Excel" };

/** The report's questions: the funnel stages' intentions, and the data quality audit's checks apart. */
export const REPORT_QUESTIONS = {
  questions: INTENTIONS.filter((i) => i.stage !== "audit").length,
  auditChecks: INTENTIONS.filter((i) => i.stage === "audit").length,
  stages: FUNNEL_STAGES.map((s) => s.label),
} as const;

export const EXPORT_FORMAT_LIST = EXPORT_FORMATS.map((f) => EXPORT_FORMAT_NAMES[f]);

/** A schedule's frequency before "schedule" (typed by the frequency list, so a new one must be named here). */
export const SCHEDULE_FREQUENCY_ADJECTIVES: Record<ScheduleFrequency, string> = {
  weekly: "weekly",
  monthly: "monthly",
  quarterly: "quarterly",
  annually: "yearly",
};

/** "weekly, monthly, quarterly or yearly": the frequencies a schedule takes. */
export const SCHEDULE_FREQUENCY_LIST = SCHEDULE_FREQUENCIES.map((f) => SCHEDULE_FREQUENCY_ADJECTIVES[f]);

/**
 * The sources a project connects, by how: a sign-in with the provider (Google's four, and the premium sources this
 * server offers), or the agency's own API keys (the partner sources).
 */
export function connectorLists(premium: Record<PremiumIntegration, boolean>): { signIn: string[]; ownKeys: string[] } {
  return {
    signIn: [
      ...GOOGLE_SOURCES.map((s) => s.label),
      ...PREMIUM_INTEGRATIONS.filter((i) => premium[i]).map((i) => PREMIUM_SOURCES[i].label),
    ],
    ownKeys: Object.values(PARTNER_SOURCE_CHOICES).map((s) => s.label),
  };
}
