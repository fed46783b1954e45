// Typed calls for emailing reports and for schedules. The email is sent as multipart form data,
// as the spec has it; schedules are JSON.
import { MESSAGES } from "../constants/messages";
import { REQUEST_TIMEOUT_MS, TRANSACTION_ID_HEADER } from "../constants/app";
import type { DropboxScheduleInput, ScheduleInput } from "../validation/schedules";
import { ApiError, apiUrl, http, transactionId } from "./http";
import type { Serialized } from "./types";
import type { DeliveryView } from "@/server/services/deliveries/delivery-view";
import type { ScheduleView } from "@/server/services/schedules/schedule-view";
import type { scheduleOutlook } from "@/server/services/schedules/schedule-outlook";
import type { sendScheduleTest } from "@/server/services/schedules/send-schedule-test";

export type Delivery = Serialized<DeliveryView>;
export type ScheduleItem = Serialized<ScheduleView>;
export type ScheduleOutlook = Serialized<Awaited<ReturnType<typeof scheduleOutlook>>>;
export type ScheduleTest = Serialized<Awaited<ReturnType<typeof sendScheduleTest>>>;

async function postForm<T>(path: string, form: FormData): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: "POST",
      headers: { Accept: "application/json", [TRANSACTION_ID_HEADER]: transactionId() },
      credentials: "same-origin",
      cache: "no-store",
      body: form,
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(0, MESSAGES.loginNoStatus);
  } finally {
    clearTimeout(timer);
  }
  const data = (await response.json().catch(() => undefined)) as
    { message?: unknown; errors?: Record<string, string> } | undefined;
  if (!response.ok) {
    const message = typeof data?.message === "string" ? data.message : MESSAGES.internalError;
    throw new ApiError(response.status, message, data?.errors);
  }
  return data as T;
}

export const deliveriesApi = {
  emailReport: (projectId: string, form: FormData) =>
    postForm<Delivery>(`/insights/properties/${encodeURIComponent(projectId)}/email/send`, form),
  get: (id: string) => http.get<Delivery>(`/deliveries/${encodeURIComponent(id)}`),
};

export const schedulesApi = {
  create: (projectId: string, body: ScheduleInput | DropboxScheduleInput) =>
    http.post<ScheduleItem>(`/insights/${encodeURIComponent(projectId)}/schedules`, body),
  get: (id: string) => http.get<ScheduleItem>(`/schedules/${encodeURIComponent(id)}`),
  update: (id: string, body: Partial<ScheduleInput> | Partial<DropboxScheduleInput>) =>
    http.put<ScheduleItem>(`/schedules/${encodeURIComponent(id)}`, body),
  remove: (id: string) => http.delete<{ status: number }>(`/schedules/${encodeURIComponent(id)}`),
  /** What the next run of a schedule timed so will find in the project's data sources. */
  outlook: (projectId: string, timing: Record<string, string>) =>
    http.get<ScheduleOutlook>(
      `/insights/${encodeURIComponent(projectId)}/schedules/outlook?${new URLSearchParams(timing).toString()}`,
    ),
  /** "Send a test now": the schedule's email as it would go out now, to the caller. */
  test: (projectId: string, body: ScheduleInput) =>
    http.post<ScheduleTest>(`/insights/${encodeURIComponent(projectId)}/schedules/test`, body),
  ofUser: (userId: string) =>
    http.get<{ docs: ScheduleItem[]; total: number }>(`/users/${encodeURIComponent(userId)}/schedules`),
};
