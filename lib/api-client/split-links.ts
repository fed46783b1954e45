// Typed calls for URL splitters (GET|POST /split-links, GET|PUT|DELETE /split-links/{id}).
import type { CreateSplitLinkInput, UpdateSplitLinkInput } from "../validation/split-links";
import { http } from "./http";
import type { Serialized } from "./types";
import type { SplitLinkView } from "@/server/services/split-links/split-link-view";
import type { analyseSplitLink } from "@/server/services/split-links/analyse-split-link";

export type SplitLink = Serialized<SplitLinkView>;
export type SplitLinkWithAnalysis = SplitLink & { analysis: Serialized<Awaited<ReturnType<typeof analyseSplitLink>>> };

const enc = encodeURIComponent;

export const splitLinksApi = {
  list: (projectId: string) => http.get<{ docs: SplitLink[]; total: number }>("/split-links", { projectId }),
  get: (id: string) => http.get<SplitLinkWithAnalysis>(`/split-links/${enc(id)}`),
  create: (body: CreateSplitLinkInput) => http.post<SplitLink>("/split-links", body),
  update: (id: string, body: UpdateSplitLinkInput) => http.put<SplitLink>(`/split-links/${enc(id)}`, body),
  remove: (id: string) => http.delete<{ _id: string }>(`/split-links/${enc(id)}`),
};

export const splitLinkKeys = {
  list: (projectId: string) => ["projects", projectId, "split-links"] as const,
  detail: (id: string) => ["split-links", id] as const,
};
