// Typed calls for URL split tests (GET|POST /urlsplitters, GET|PUT|DELETE /urlsplitters/{id}).
import type { CreateSplitTestInput, UpdateSplitTestInput } from "../validation/split-tests";
import { http } from "./http";
import type { Serialized } from "./types";
import type { SplitTestView } from "@/server/services/split-tests/split-test-view";
import type { SplitTestResult } from "@/server/insights/split-test/analyse-split-test";
import type { InsightView } from "@/server/services/insights/insight-view";

export type SplitTest = Serialized<SplitTestView>;
export type SplitTestWithResult = SplitTest & { result: Serialized<SplitTestResult> };

const enc = encodeURIComponent;

export const splitTestsApi = {
  list: (projectId: string) => http.get<{ docs: SplitTest[]; total: number }>("/urlsplitters", { projectId }),
  get: (id: string) => http.get<SplitTestWithResult>(`/urlsplitters/${enc(id)}`),
  create: (body: CreateSplitTestInput) => http.post<SplitTestWithResult>("/urlsplitters", body),
  update: (id: string, body: UpdateSplitTestInput) => http.put<SplitTestWithResult>(`/urlsplitters/${enc(id)}`, body),
  remove: (id: string) => http.delete<{ _id: string }>(`/urlsplitters/${enc(id)}`),
  addToReport: (id: string, reportId: string) =>
    http.post<Serialized<InsightView>>(`/urlsplitters/${enc(id)}/insight`, { reportId }),
};

export const splitTestKeys = {
  list: (projectId: string) => ["projects", projectId, "split-tests"] as const,
  detail: (id: string) => ["split-tests", id] as const,
};
