// Typed calls for alerts: the caller's notifications (GET /alerts, PUT /alerts/{id}, POST /alerts/read-all) and their
// choice per project (GET|PUT /properties/{id}/alerts).
import type { AlertLevelChoice } from "../validation/alerts";
import { http } from "./http";

export interface NotificationItem {
  _id: string;
  kind: "kpi_change" | "spend_change" | "finding" | "source_stopped";
  headline: string;
  /** The day the change began (a stopped source: its last day with data). */
  date: string;
  createdAt: string;
  read: boolean;
  /** The app path of the finding (or the source). */
  url: string;
  project: { _id: string; name: string };
  client: { _id: string; name: string };
}
export interface NotificationList {
  unread: number;
  items: NotificationItem[];
}
export interface AlertPreference {
  level: AlertLevelChoice;
  isDefault: boolean;
}

const enc = encodeURIComponent;

export const alertsApi = {
  list: () => http.get<NotificationList>("/alerts"),
  mark: (id: string, read: boolean) =>
    http.put<{ item: NotificationItem; unread: number }>(`/alerts/${enc(id)}`, { read }),
  readAll: () => http.post<{ unread: number }>("/alerts/read-all", {}),
  preference: {
    get: (projectId: string) => http.get<AlertPreference>(`/properties/${enc(projectId)}/alerts`),
    set: (projectId: string, level: AlertLevelChoice) =>
      http.put<AlertPreference>(`/properties/${enc(projectId)}/alerts`, { level }),
  },
};
export const alertKeys = {
  list: () => ["alerts"] as const,
  preference: (projectId: string) => ["projects", projectId, "alerts"] as const,
};
