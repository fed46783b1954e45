// Typed calls for the agency's API tokens (GET|POST /api-tokens, DELETE /api-tokens/{id}).
import type { CreateApiTokenInput } from "../validation/api-tokens";
import { http } from "./http";
import type { ApiTokenView } from "@/server/services/api-tokens/api-tokens";

export const apiTokensApi = {
  list: () => http.get<{ docs: ApiTokenView[]; total: number }>("/api-tokens"),
  create: (body: CreateApiTokenInput) => http.post<ApiTokenView & { token: string }>("/api-tokens", body),
  revoke: (id: string) => http.delete<{ _id: string }>(`/api-tokens/${encodeURIComponent(id)}`),
};
export const apiTokenKeys = { list: () => ["api-tokens"] as const };
