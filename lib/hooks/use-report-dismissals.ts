"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../api-client/query-keys";
import { reportDismissalsApi } from "../api-client/report-dismissals";
import type { DismissedGroups, GroupDismissalBody } from "../validation/report-dismissals";

/** The insight groups the caller dismissed from their view of the report (their choice, kept on the server). */
export function useDismissedGroups(reportId: string) {
  return useQuery({ queryKey: queryKeys.reportDismissals(reportId), queryFn: () => reportDismissalsApi.get(reportId) });
}

/** Dismisses a group from the caller's view of the report, or brings it back; the answer is the new list. */
export function useSetGroupDismissed(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupDismissalBody) => reportDismissalsApi.set(reportId, body),
    onSuccess: (answer) => queryClient.setQueryData<DismissedGroups>(queryKeys.reportDismissals(reportId), answer),
  });
}
