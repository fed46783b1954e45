import { pgEnum } from "drizzle-orm/pg-core";

export const planTier = pgEnum("plan_tier", ["basic", "pro", "business"]);
export const planKind = pgEnum("plan_kind", ["team", "personal"]);
export const subscriptionStatus = pgEnum("subscription_status", ["demo", "full", "suspended"]);
export const userRole = pgEnum("user_role", ["agency", "staff"]);
export const userTokenKind = pgEnum("user_token_kind", ["confirmation", "password_reset"]);
export const activeStatus = pgEnum("active_status", ["active", "suspended"]);
export const siteType = pgEnum("site_type", ["ecommerce", "lead_generation", "content", "brand"]);
export const dataSourceKind = pgEnum("data_source_kind", [
  "google",
  "own",
  "keyword_partner",
  "competitor",
  "ecommerce",
  "crm",
  "meta_ads",
]);
/**
 * How much time one observation row covers: a day, a week or a month (docs/decisions/0019-data-grain.md). A row's
 * `date` is the first day of its period.
 */
export const dataGrain = pgEnum("data_grain", ["day", "week", "month"]);
export const reportStatus = pgEnum("report_status", ["queued", "running", "ready", "failed"]);
/**
 * What a report is for: `report`, one a person asked for, a schedule ran or a demo holds (the project's report list,
 * its latest report, the dashboard); `alert_check`, the engine run an alert check kept so its alerts open their
 * findings in full, reached only from those alerts (docs/decisions/0030-alerts-from-the-reports-engine.md).
 */
export const reportKind = pgEnum("report_kind", ["report", "alert_check"]);
export const compareTo = pgEnum("compare_to", ["previous_period", "previous_year"]);
export const insightGroup = pgEnum("insight_group", ["most_impactful", "data_quality", "other"]);
export const funnelStage = pgEnum("funnel_stage", ["exposure", "exploration", "evaluation", "experience", "audit"]);
export const scheduleDelivery = pgEnum("schedule_delivery", ["email", "dropbox"]);
export const scheduleFrequency = pgEnum("schedule_frequency", ["weekly", "monthly", "quarterly", "annually"]);
export const scheduleMonthDay = pgEnum("schedule_month_day", ["second", "fifteenth", "last"]);
/** `not_sent`: the run found no data for its period, so nothing went out (its error says why and what to do). */
export const scheduleRunStatus = pgEnum("schedule_run_status", [
  "queued",
  "delivering",
  "delivered",
  "failed",
  "not_sent",
]);
export const customizationLevel = pgEnum("customization_level", ["agency", "client", "project"]);
