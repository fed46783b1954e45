import type { z } from "zod";
import type { ClientSettingsInput, ProjectSettingsInput } from "../validation/settings";
import type { clientSettingsResponse, projectSettingsResponse } from "../validation/responses/settings";
import { http } from "./http";

// GET|PUT /clients/{id}/settings and /properties/{id}/settings: what the client or project set
// (`own`), what applies otherwise (`defaults`) and what is used (`effective`). One definition: the response schemas
// the OpenAPI document and the test suite check the routes against (a PUT adds its `message`).

export type ClientSettingsAnswer = z.output<typeof clientSettingsResponse> & { message?: string };
export type ProjectSettingsAnswer = z.output<typeof projectSettingsResponse> & { message?: string };
export type ProjectSettings = ProjectSettingsAnswer["effective"];

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
