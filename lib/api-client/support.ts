// Typed calls for support requests (GET|POST /support-requests).
import type { SupportRequestInput } from "../validation/support";
import { http } from "./http";
import type { Serialized } from "./types";
import type { listSupportRequests } from "@/server/services/support/list-support-requests";
import type { SupportRequestView } from "@/server/services/support/support-request-view";

export type SupportRequest = Serialized<SupportRequestView>;
export type SupportRequestList = Serialized<Awaited<ReturnType<typeof listSupportRequests>>>;

export const supportApi = {
  list: () => http.get<SupportRequestList>("/support-requests", { page: 0, limit: 20 }),
  send: (body: SupportRequestInput) => http.post<SupportRequest>("/support-requests", body),
};
