import { REQUEST_TIMEOUT_MS, TRANSACTION_ID_HEADER } from "../constants/app";
import { MESSAGES } from "../constants/messages";

/** The one error shape of every failed call; status 0 means no response arrived (network or timeout). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string>;

  constructor(status: number, message: string, errors?: Record<string, string>) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const BASE_PATH = (process.env.NEXT_PUBLIC_BASE_PATH ?? "").replace(/\/+$/, "");

/** `/users/login` → `<basePath>/api/users/login`. */
export function apiUrl(path: string): string {
  return `${BASE_PATH}/api${path.startsWith("/") ? path : `/${path}`}`;
}

/** A page path with the base path, for things Next.js does not prefix itself (service worker, window.location). */
export function withBasePath(path: string): string {
  return `${BASE_PATH}${path}`;
}

export function transactionId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

// The spec says messages may be strings or objects of messages: flatten either to text.
export function messageText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") {
    const parts = Object.values(value).map(messageText).filter(Boolean);
    return parts.length ? parts.join(" ") : undefined;
  }
  return undefined;
}

export function fieldErrors(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object") return undefined;
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    const text = messageText(message);
    if (text) out[key] = text;
  }
  return Object.keys(out).length ? out : undefined;
}

type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

/** JSON in, JSON out, same-origin session cookie, 30 s timeout, a fresh transaction id per call. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onOuterAbort);

  let url = apiUrl(path);
  if (options.query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query)) {
      if (value !== undefined) params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }

  const headers: Record<string, string> = { Accept: "application/json", [TRANSACTION_ID_HEADER]: transactionId() };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: "same-origin",
      // A read is revalidated every time (a ready report's reads answer 304 when the copy held is current, so a
      // tag just added shows at once); nothing else is stored.
      cache: method === "GET" ? "no-cache" : "no-store",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(0, MESSAGES.loginNoStatus);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onOuterAbort);
  }

  let data: unknown = undefined;
  const text = await response.text().catch(() => "");
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    const body = (data ?? {}) as { message?: unknown; errors?: unknown };
    throw new ApiError(response.status, messageText(body.message) ?? MESSAGES.internalError, fieldErrors(body.errors));
  }
  return data as T;
}

export const http = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>("GET", path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, { body: body ?? {} }),
  delete: <T>(path: string) => request<T>("DELETE", path),
};
