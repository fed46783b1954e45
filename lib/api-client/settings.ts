import type { ClientSettings, ClientSettingsInput, ProjectSettingsInput } from "../validation/settings";
import type { Kpi, ReportLanguage } from "../constants/settings";
import { http } from "./http";

// GET|PUT /clients/{id}/settings and /properties/{id}/settings: what the client or project set
// (`own`), what applies otherwise (`defaults`) and what is used (`effective`).

export interface SettingsAnswer<T> {
  own: Partial<T>;
  defaults: T;
  effective: T;
  message?: string;
}
export interface ProjectSettings {
  primaryKpi: Kpi;
  goals: string;
  reportLanguage: ReportLanguage;
  competitiveAnalysis: boolean;
}
export type ClientSettingsAnswer = SettingsAnswer<ClientSettings>;
export type ProjectSettingsAnswer = SettingsAnswer<ProjectSettings>;

const enc = encodeURIComponent;

export const settingsApi = {
  client: {
    get: (id: string) => http.get<ClientSettingsAnswer>(`/clients/${enc(id)}/settings`),
    update: (id: string, body: Partial<ClientSettingsInput>) =>
      http.put<ClientSettingsAnswer>(`/clients/${enc(id)}/settings`, body),
  },
  project: {
    get: (id: string) => http.get<ProjectSettingsAnswer>(`/properties/${enc(id)}/settings`),
    update: (id: string, body: Partial<ProjectSettingsInput>) =>
      http.put<ProjectSettingsAnswer>(`/properties/${enc(id)}/settings`, body),
  },
};
