// Typed calls for the agency's own partner API keys (GET /agencies/{id}/partner-keys, PUT|DELETE .../{provider}).
import type { PartnerKeyInput } from "../validation/partner-keys";
import { http } from "./http";
import type { Serialized } from "./types";
import type { deletePartnerKey, listPartnerKeys, savePartnerKey } from "@/server/services/partner-keys/partner-keys";

export type PartnerKeyList = Serialized<Awaited<ReturnType<typeof listPartnerKeys>>>;
export type PartnerKeyView = PartnerKeyList["docs"][number];
export type PartnerKeySaved = Serialized<Awaited<ReturnType<typeof savePartnerKey>>>;
export type PartnerKeyRemoved = Serialized<Awaited<ReturnType<typeof deletePartnerKey>>>;

const path = (agencyId: string) => `/agencies/${encodeURIComponent(agencyId)}/partner-keys`;

export const partnerKeysApi = {
  list: (agencyId: string) => http.get<PartnerKeyList>(path(agencyId)),
  save: (agencyId: string, provider: string, body: PartnerKeyInput) =>
    http.put<PartnerKeySaved>(`${path(agencyId)}/${encodeURIComponent(provider)}`, body),
  remove: (agencyId: string, provider: string) =>
    http.delete<PartnerKeyRemoved>(`${path(agencyId)}/${encodeURIComponent(provider)}`),
};
