// Typed calls for settings and visual customization. The customization PUT is multipart (it may
// carry a logo file), so it has its own small fetch beside the JSON helper.
import type { z } from "zod";
import { REQUEST_TIMEOUT_MS, TRANSACTION_ID_HEADER } from "../constants/app";
import type { CustomizationLevel } from "../constants/customization";
import { MESSAGES } from "../constants/messages";
import type {
  agencySettingsSchema,
  clientSettingsUpdateSchema,
  projectSettingsUpdateSchema,
} from "../validation/settings";
import type { ClientView, ProjectView } from "@/server/services/clients/client-view";
import type { getClient } from "@/server/services/clients/get-client";
import type { listClients } from "@/server/services/clients/list-clients";
import type { getCustomization } from "@/server/services/customization/get-customization";
import type { resetCustomization } from "@/server/services/customization/reset-customization";
import type { saveCustomization } from "@/server/services/customization/save-customization";
import type { getAgencySettings } from "@/server/services/settings/get-agency-settings";
import type { clientSettingsView, projectSettingsView } from "@/server/services/settings/settings-view";
import type { updateAgencySettings } from "@/server/services/settings/update-agency-settings";
import type { updateClientSettings } from "@/server/services/settings/update-client-settings";
import type { updateProjectSettings } from "@/server/services/settings/update-project-settings";
import { ApiError, apiUrl, http } from "./http";
import type { Serialized } from "./types";

type Result<F extends (...args: never[]) => unknown> = Serialized<Awaited<ReturnType<F>>>;

export type CustomizationResponse = Result<typeof getCustomization>;
export type SavedCustomization = Result<typeof saveCustomization>;
export type ResetCustomizationResponse = Result<typeof resetCustomization>;
export type LookView = CustomizationResponse["effective"];
export type AgencySettings = Result<typeof getAgencySettings>;
export type AgencySettingsSaved = Result<typeof updateAgencySettings>;
export type ClientSettingsResponse = Serialized<ReturnType<typeof clientSettingsView>>;
export type ClientSettingsSaved = Result<typeof updateClientSettings>;
export type ProjectSettingsResponse = Serialized<ReturnType<typeof projectSettingsView>>;
export type ProjectSettingsSaved = Result<typeof updateProjectSettings>;
export type PickerClientList = Result<typeof listClients>;
export type ClientDetail = Result<typeof getClient>;
/** GET /properties/{id}: the project with its client (and the caller's actions on it). */
export type ProjectDetail = Serialized<ProjectView & { client: ClientView }>;

/** The API path of each level: agencies/{id}, clients/{id}, properties/{id}. */
const LEVEL_PATH: Record<CustomizationLevel, string> = { agency: "agencies", client: "clients", project: "properties" };
const levelPath = (level: CustomizationLevel, id: string) => `/${LEVEL_PATH[level]}/${encodeURIComponent(id)}`;

function transactionId(): string {
  return typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** PUT with a FormData body (the browser sets the multipart boundary); errors as ApiError like every call. */
async function putForm<T>(path: string, form: FormData): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: "PUT",
      headers: { Accept: "application/json", [TRANSACTION_ID_HEADER]: transactionId() },
      credentials: "same-origin",
      cache: "no-store",
      body: form,
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(0, MESSAGES.loginNoStatus);
  } finally {
    clearTimeout(timer);
  }
  const data = (await response.json().catch(() => undefined)) as
    { message?: unknown; errors?: Record<string, string> } | undefined;
  if (!response.ok) {
    const message = typeof data?.message === "string" ? data.message : MESSAGES.internalError;
    throw new ApiError(response.status, message, data?.errors);
  }
  return data as T;
}

export const customizationApi = {
  get: (level: CustomizationLevel, id: string) =>
    http.get<CustomizationResponse>(`${levelPath(level, id)}/customization`),
  save: (level: CustomizationLevel, id: string, form: FormData) =>
    putForm<SavedCustomization>(`${levelPath(level, id)}/customization`, form),
  reset: (level: CustomizationLevel, id: string) =>
    http.delete<ResetCustomizationResponse>(`${levelPath(level, id)}/customization`),
  /** A logo path from an answer (relative to the API base) as a URL the browser can load. */
  logoUrl: (path: string) => apiUrl(path),
};

export const settingsApi = {
  agency: (id: string) => http.get<AgencySettings>(`/agencies/${encodeURIComponent(id)}/settings`),
  updateAgency: (id: string, body: z.output<typeof agencySettingsSchema>) =>
    http.put<AgencySettingsSaved>(`/agencies/${encodeURIComponent(id)}/settings`, body),
  client: (id: string) => http.get<ClientSettingsResponse>(`/clients/${encodeURIComponent(id)}/settings`),
  updateClient: (id: string, body: z.input<typeof clientSettingsUpdateSchema>) =>
    http.put<ClientSettingsSaved>(`/clients/${encodeURIComponent(id)}/settings`, body),
  project: (id: string) => http.get<ProjectSettingsResponse>(`/properties/${encodeURIComponent(id)}/settings`),
  updateProject: (id: string, body: z.input<typeof projectSettingsUpdateSchema>) =>
    http.put<ProjectSettingsSaved>(`/properties/${encodeURIComponent(id)}/settings`, body),
};

/** Clients (with their projects) for the client/project pickers: the first 100 the user may see. */
export const pickerClients = (agencyId: string) =>
  http.get<PickerClientList>(`/agencies/${encodeURIComponent(agencyId)}/clients`, { page: 0, limit: 100 });

export const clientDetail = (id: string) => http.get<ClientDetail>(`/clients/${encodeURIComponent(id)}`);
export const projectDetail = (id: string) => http.get<ProjectDetail>(`/properties/${encodeURIComponent(id)}`);
