import "server-only";
import { CLIENT_SETTINGS_DEFAULTS, DEFAULT_PRIMARY_KPI, type Kpi, type ReportLanguage } from "@/lib/constants/settings";
import type { SiteType } from "@/lib/constants/site-types";
import { clientSettingsSchema, projectSettingsSchema, type ClientSettings } from "@/lib/validation/settings";

// Settings live in a jsonb column beside keys other features may keep there. Only the keys below
// are read, each through its schema: a stored value that no longer validates counts as unset.

type Stored = Record<string, unknown>;

function validOwn<K extends string>(
  stored: Stored,
  keys: readonly K[],
  parse: (key: K, value: unknown) => { success: boolean; data?: unknown },
) {
  const own: Partial<Record<K, unknown>> = {};
  for (const key of keys) {
    if (stored[key] === undefined || stored[key] === null) continue;
    const result = parse(key, stored[key]);
    if (result.success && result.data !== null) own[key] = result.data;
  }
  return own;
}

export const CLIENT_SETTING_KEYS = ["currency", "timeZone", "weekStart", "reportRecipients"] as const;

/** `own`: what the client set; `defaults`: what applies otherwise; `effective`: what is used. */
export function clientSettingsView(stored: Stored) {
  const own = validOwn(stored, CLIENT_SETTING_KEYS, (key, value) =>
    clientSettingsSchema.shape[key].safeParse(value),
  ) as Partial<ClientSettings>;
  const defaults: ClientSettings = { ...CLIENT_SETTINGS_DEFAULTS, reportRecipients: [] };
  return { own, defaults, effective: { ...defaults, ...own } as ClientSettings };
}

export const PROJECT_SETTING_KEYS = ["primaryKpi", "goals", "reportLanguage", "competitiveAnalysis"] as const;

export interface ProjectSettings {
  primaryKpi: Kpi;
  goals: string;
  reportLanguage: ReportLanguage;
  competitiveAnalysis: boolean;
}

/** The primary KPI defaults to the project's site type's. */
export function projectSettingsView(stored: Stored, siteType: SiteType) {
  const own = validOwn(stored, PROJECT_SETTING_KEYS, (key, value) =>
    projectSettingsSchema.shape[key].safeParse(value),
  ) as Partial<ProjectSettings>;
  const defaults: ProjectSettings = {
    primaryKpi: DEFAULT_PRIMARY_KPI[siteType],
    goals: "",
    reportLanguage: "en",
    competitiveAnalysis: true,
  };
  return { own, defaults, effective: { ...defaults, ...own } as ProjectSettings };
}
