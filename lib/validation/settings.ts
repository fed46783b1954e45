import { z } from "zod";
import { MESSAGES, maxLengthMessage } from "../constants/messages";
import {
  KPIS,
  MAX_GOALS_LENGTH,
  MAX_REPORT_RECIPIENTS,
  REPORT_LANGUAGES,
  SETTINGS_MESSAGES,
  WEEK_STARTS,
} from "../constants/settings";
import { currencyOptions, timeZoneOptions } from "./clients";
import { isEmail, optionalPhone, optionalUrl, requiredText } from "./fields";

// One schema per settings contract, used by the forms (zodResolver) and the route handlers.
// PUT bodies for client and project settings are partial: a field left out stays as it is, and
// a field sent as null goes back to its default.

/** GET/PUT /agencies/{id}/settings: the agency's own details. */
export const agencySettingsSchema = z.object({
  name: requiredText("Agency name"),
  website: optionalUrl("Website"),
  phone: optionalPhone(),
});
export type AgencySettingsInput = z.input<typeof agencySettingsSchema>;

const currency = z
  .string({ error: MESSAGES.required })
  .trim()
  .toUpperCase()
  .refine((v) => currencyOptions().includes(v), SETTINGS_MESSAGES.currencyInvalid);
const timeZone = z
  .string({ error: MESSAGES.required })
  .trim()
  .refine((v) => timeZoneOptions().includes(v), SETTINGS_MESSAGES.timeZoneInvalid);
const weekStart = z.enum(WEEK_STARTS.map((w) => w.value) as ["monday", "sunday"], {
  error: SETTINGS_MESSAGES.weekStartInvalid,
});

/** "a@x.com, b@y.com" (a form's text field) or an array; each must be an email; duplicates dropped. */
const reportRecipients = z
  .union([z.string(), z.array(z.string())], { error: MESSAGES.invalidEmails })
  .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,;]+/)).map((e) => e.trim().toLowerCase()).filter(Boolean))
  .refine((list) => list.every(isEmail), MESSAGES.invalidEmails)
  .transform((list) => [...new Set(list)])
  .refine((list) => list.length <= MAX_REPORT_RECIPIENTS, SETTINGS_MESSAGES.tooManyRecipients);

/** Client settings as the form edits them (every field present). */
export const clientSettingsSchema = z.object({ currency, timeZone, weekStart, reportRecipients });
export type ClientSettingsInput = z.input<typeof clientSettingsSchema>;
export type ClientSettings = z.output<typeof clientSettingsSchema>;

/** PUT /clients/{id}/settings. */
export const clientSettingsUpdateSchema = z.object({
  currency: currency.nullish(),
  timeZone: timeZone.nullish(),
  weekStart: weekStart.nullish(),
  reportRecipients: reportRecipients.nullish(),
});

const kpiValues = KPIS.map((k) => k.value) as [string, ...string[]];
/** A KPI, or "" / null for "the site type's default". */
const primaryKpi = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || kpiValues.includes(v), SETTINGS_MESSAGES.kpiInvalid);
const goals = z.string().trim().max(MAX_GOALS_LENGTH, maxLengthMessage("Goals", MAX_GOALS_LENGTH));
const reportLanguage = z.enum(REPORT_LANGUAGES.map((l) => l.value) as ["en"], {
  error: SETTINGS_MESSAGES.languageInvalid,
});

/** Project (property) settings as the form edits them. */
/** The competitive analysis option: on by default; it runs when the project has competitor domains and data. */
const competitiveAnalysis = z.boolean({ error: "competitiveAnalysis must be true or false" });
export const projectSettingsSchema = z.object({ primaryKpi, goals, reportLanguage, competitiveAnalysis });
export type ProjectSettingsInput = z.input<typeof projectSettingsSchema>;

/** PUT /properties/{id}/settings. */
export const projectSettingsUpdateSchema = z.object({
  primaryKpi: primaryKpi.optional(),
  goals: goals.nullish(),
  reportLanguage: reportLanguage.nullish(),
  competitiveAnalysis: competitiveAnalysis.nullish(),
});
