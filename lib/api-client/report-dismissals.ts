// Typed calls for a reader's dismissed insight groups (GET|PUT /reports/{id}/dismissed-groups).
import type { DismissedGroups, GroupDismissalBody } from "../validation/report-dismissals";
import { http } from "./http";

const enc = encodeURIComponent;

export const reportDismissalsApi = {
  get: (reportId: string) => http.get<DismissedGroups>(`/reports/${enc(reportId)}/dismissed-groups`),
  set: (reportId: string, body: GroupDismissalBody) =>
    http.put<DismissedGroups>(`/reports/${enc(reportId)}/dismissed-groups`, body),
};
