import { NextRequest } from "next/server";
import { checkResponse } from "./response-check";

type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  /** Path and query, e.g. "/api/users?page=1". */
  path?: string;
  body?: unknown;
  /** Sent as-is (for malformed-JSON tests). */
  rawBody?: string;
  /** Sent as a real multipart/form-data body (the boundary header is set by the Request). */
  formData?: FormData;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  /** A session token sent as `Authorization: Bearer`. */
  token?: string;
  /** A session token sent as the next-auth cookie instead. */
  cookieToken?: string;
  ip?: string;
}

// Tests read arbitrary JSON answers; `any` keeps their assertions short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls a route handler the way Next.js does, with a real Request, and parses the JSON answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(handler: RouteHandler, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers = new Headers(options.headers);
  let body: string | FormData | undefined = options.rawBody;
  if (options.formData !== undefined) body = options.formData;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cookieToken) headers.set("cookie", `next-auth.session-token=${options.cookieToken}`);
  // What the web server (scripts/web-server.mjs) sets from the socket.
  headers.set("x-funnelwise-client-ip", options.ip ?? "203.0.113.7");
  const req = new NextRequest(new URL(options.path ?? "/api/test", "http://localhost:3000"), {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  checkResponse(req.method, req.nextUrl, res.status, res.headers, parsed);
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** Like `call`, for answers that are files: the raw bytes, and the JSON body when the answer is an error. */
export async function callBytes(
  handler: RouteHandler,
  options: CallOptions = {},
): Promise<{ status: number; bytes: Buffer; headers: Headers; json: () => unknown }> {
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  // What the web server (scripts/web-server.mjs) sets from the socket.
  headers.set("x-funnelwise-client-ip", options.ip ?? "203.0.113.7");
  const req = new NextRequest(new URL(options.path ?? "/api/test", "http://localhost:3000"), {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes, headers: res.headers, json: () => JSON.parse(bytes.toString("utf8")) };
}
