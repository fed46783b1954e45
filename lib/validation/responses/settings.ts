import { z } from "zod";
import {
  KPIS,
  REPORT_LANGUAGES,
  WEEK_STARTS,
  type Kpi,
  type ReportLanguage,
  type WeekStart,
} from "../../constants/settings";

// What the client and project settings routes answer (server/services/settings/settings-view.ts): what the level
// set itself (`own`), what applies otherwise (`defaults`) and what is used (`effective`), each in the output shape of
// lib/validation/settings.ts's schemas.

const values = <T extends string>(options: readonly { value: T }[]) => options.map((o) => o.value) as [T, ...T[]];

const clientSettings = z.strictObject({
  currency: z.string(),
  timeZone: z.string(),
  weekStart: z.enum(values<WeekStart>(WEEK_STARTS)),
  reportRecipients: z.array(z.string()),
});
const projectSettings = z.strictObject({
  primaryKpi: z.enum(values<Kpi>(KPIS)),
  goals: z.string(),
  reportLanguage: z.enum(values<ReportLanguage>(REPORT_LANGUAGES)),
  competitiveAnalysis: z.boolean(),
});

const view = <T extends z.ZodObject>(settings: T) =>
  z.strictObject({ own: settings.partial(), defaults: settings, effective: settings });

export const clientSettingsResponse = view(clientSettings);
export const projectSettingsResponse = view(projectSettings);
const saved = { message: z.string() };

export const SETTINGS_RESPONSES = {
  "GET /api/clients/{id}/settings": clientSettingsResponse,
  "PUT /api/clients/{id}/settings": clientSettingsResponse.extend(saved),
  "GET /api/properties/{id}/settings": projectSettingsResponse,
  "PUT /api/properties/{id}/settings": projectSettingsResponse.extend(saved),
} satisfies Record<string, z.ZodType>;
