"use client";

import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "../api-client/endpoints";
import { queryKeys } from "../api-client/query-keys";
import { isReportActive } from "../report-status";
import type {
  Insight,
  Report,
  ReportBody,
  ReportList,
  SavedInsightEntry,
  SavedInsightList,
  TagBody,
  TagUpdateBody,
} from "../api-client/types";

/**
 * A queued or running report is asked for with `wait`: the server answers at its next change of
 * status or progress (a database notification, server/services/reports/report-changes.ts), so a
 * ready report shows the moment it is written. Each answer is followed by the next wait this soon.
 */
export const REPORT_WAIT_GAP_MS = 50;
/** How long one request waits for a change (the server allows 25 s, the client's timeout is 30 s). */
const REPORT_WAIT_SECONDS = 20;

/**
 * The project's reports, newest first. Never polled: the report being made is followed (useReport), and
 * its answers are written into this list, which is fetched again once that report is done.
 */
export const reportsQuery = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.reports(projectId), queryFn: () => api.reports.list(projectId, { limit: 100 }) });

export function useReports(projectId: string) {
  return useQuery(reportsQuery(projectId));
}

/** The report's headline figures (site-type KPIs with change and daily series); they never change once made. */
export function useReportKpis(reportId: string | null) {
  return useQuery({
    queryKey: queryKeys.reportKpis(reportId ?? ""),
    queryFn: () => api.reports.kpis(reportId ?? ""),
    enabled: Boolean(reportId),
    staleTime: Infinity,
    // The strip hides itself on an error; a report deleted while shown must not send the page to a 404.
    meta: { globalErrors: false },
  });
}

/**
 * After a report finishes or is deleted: every screen that shows the project's "Last report" (the project, its
 * client's project list, the dashboard's clients) reads it again at once, not on the next visit.
 */
export function invalidateLastReport(queryClient: QueryClient, projectId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.clientsAll });
  void queryClient.invalidateQueries({ queryKey: ["agencies"] });
}

/**
 * One report, followed until it is ready or failed: each request waits on the server for the
 * report's next change from what this cache holds; the project's list shows each answer.
 */
export function useReport(reportId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.report(reportId ?? ""),
    queryFn: async ({ signal }) => {
      const known = queryClient.getQueryData<Report>(queryKeys.report(reportId ?? ""));
      const wait = isReportActive(known)
        ? { seconds: REPORT_WAIT_SECONDS, status: known!.status, progress: known!.progress }
        : undefined;
      const report = await api.reports.get(reportId ?? "", wait, signal);
      queryClient.setQueryData<ReportList>(queryKeys.reports(report.projectId), (list) =>
        // The followed report does not know whether it read data; the list does (refetched when it finishes).
        list
          ? { ...list, docs: list.docs.map((r) => (r._id === report._id ? { ...report, hasData: r.hasData } : r)) }
          : list,
      );
      return report;
    },
    enabled: Boolean(reportId),
    staleTime: 0,
    // Ticks while a request waits join it (react-query shares the fetch in flight).
    refetchInterval: (query) => (query.state.data && !isReportActive(query.state.data) ? false : REPORT_WAIT_GAP_MS),
    meta: { globalErrors: false },
  });
}

/**
 * The newest ready report that read data: the project's master insight report. A report on a period without data
 * stays in the history but never replaces the master.
 */
export function masterReport(list: ReportList | undefined): Report | null {
  const ready = (list?.docs ?? []).filter((r) => r.status === "ready" && r.hasData !== false);
  ready.sort((a, b) => (b.createdAt ?? b.finishedAt ?? "").localeCompare(a.createdAt ?? a.finishedAt ?? ""));
  return ready[0] ?? null;
}

export function useGenerateReport(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportBody) => api.reports.create(projectId, body),
    onSuccess: (report) => {
      queryClient.setQueryData(queryKeys.report(report._id), report);
      queryClient.setQueryData<ReportList>(queryKeys.reports(projectId), (list) =>
        list ? { docs: [report, ...list.docs.filter((r) => r._id !== report._id)], total: list.total + 1 } : list,
      );
    },
  });
}

/** Deleting a report removes it from the list and decrements the total, never below 0 (spec section 4). */
export function useDeleteReport(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) => api.reports.remove(reportId),
    onSuccess: (_answer, reportId) => {
      queryClient.setQueryData<ReportList>(queryKeys.reports(projectId), (list) =>
        list
          ? {
              docs: list.docs.filter((r) => r._id !== reportId),
              total: Math.max(0, list.total - (list.docs.some((r) => r._id === reportId) ? 1 : 0)),
            }
          : list,
      );
      queryClient.removeQueries({ queryKey: queryKeys.report(reportId) });
      invalidateLastReport(queryClient, projectId);
      // Its own insight list is dropped, not refetched: the screen still showing it for a moment would get a 404
      // and the global handler would leave for the not-found page instead of moving on to the next report.
      queryClient.removeQueries({ queryKey: [...queryKeys.insightsAll(projectId), reportId] });
      // Its insights go with it: saved and tagged lists may have held some.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.projectInsightsAll(projectId),
        predicate: (q) => q.queryKey[3] !== "reports" && q.queryKey[4] !== reportId,
      });
    },
  });
}

/** A report's insights (or a tag's, with `tag`), all of them: a report holds a few dozen. */
export function useInsights(projectId: string, reportId: string | null, tag?: string) {
  return useQuery({
    queryKey: queryKeys.insights(projectId, reportId, tag),
    queryFn: () => api.insights.list(projectId, { reportId: reportId ?? undefined, tag }),
    enabled: Boolean(projectId) && (Boolean(reportId) || Boolean(tag)),
  });
}

export function useInsight(insightId: string) {
  return useQuery({
    queryKey: queryKeys.insight(insightId),
    queryFn: () => api.insights.get(insightId),
    meta: { globalErrors: false },
  });
}

export const tagsQuery = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.tags(projectId), queryFn: () => api.tags.list(projectId) });

export function useTags(projectId: string) {
  return useQuery(tagsQuery(projectId));
}

export function useTag(tagId: string) {
  return useQuery({
    queryKey: queryKeys.tag(tagId),
    queryFn: () => api.tags.get(tagId),
    meta: { globalErrors: false },
  });
}

function invalidateTags(queryClient: QueryClient, projectId: string, tagId?: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.tags(projectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.insightsAll(projectId) });
  if (tagId) void queryClient.invalidateQueries({ queryKey: queryKeys.tag(tagId) });
}

export function useAddToTag(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagBody) => api.tags.add(projectId, body),
    onSuccess: (tag) => invalidateTags(queryClient, projectId, tag?._id),
  });
}

export function useUpdateTag(projectId: string, tagId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagUpdateBody) => api.tags.update(tagId, body),
    onSuccess: () => invalidateTags(queryClient, projectId, tagId),
  });
}

export function useDeleteTag(projectId: string, tagId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.tags.remove(tagId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.tag(tagId) });
      invalidateTags(queryClient, projectId);
    },
  });
}

/** The insight a saved entry holds. */
export const savedInsightOf = (entry: SavedInsightEntry): Insight => entry.insight;
export const savedInsightId = (entry: SavedInsightEntry): string => entry.insightId;

export function useSavedInsights(projectId: string) {
  return useQuery({ queryKey: queryKeys.saved(projectId), queryFn: () => api.saved.list(projectId) });
}

/** Saving appends the insights to the saved list (spec section 4); ones already saved are skipped. */
export function useSaveInsights(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (insights: Insight[]) => {
      const saved = queryClient.getQueryData<SavedInsightList>(queryKeys.saved(projectId));
      const already = new Set((saved?.docs ?? []).map(savedInsightId));
      const fresh: SavedInsightEntry[] = [];
      for (const insight of insights.filter((i) => !already.has(i._id))) {
        const answer = await api.saved.save(projectId, insight._id);
        fresh.push({ ...answer, insight: { ...insight, saved: true } });
      }
      return fresh;
    },
    onSuccess: (fresh) => {
      queryClient.setQueryData<SavedInsightList>(queryKeys.saved(projectId), (list) =>
        list ? { docs: [...list.docs, ...fresh], total: list.total + fresh.length } : list,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.saved(projectId) });
    },
  });
}

/** Unsaving removes the entry by its insight id (spec section 4). */
export function useUnsaveInsight(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (insightId: string) => api.saved.unsave(projectId, insightId),
    onSuccess: (_answer, insightId) => {
      queryClient.setQueryData<SavedInsightList>(queryKeys.saved(projectId), (list) =>
        list
          ? { docs: list.docs.filter((e) => savedInsightId(e) !== insightId), total: Math.max(0, list.total - 1) }
          : list,
      );
    },
  });
}
