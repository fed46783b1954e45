import type { IncomingMessage, ServerResponse } from "node:http";

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** gRPC status names Google's JSON APIs put in `error.status`, by HTTP status. */
const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

/** The error body of Google's newer JSON APIs (Admin, Data, Ads): `{ error: { code, message, status } }`. */
export function sendGoogleError(res: ServerResponse, code: number, message: string, extra: object = {}): void {
  sendJson(res, code, { error: { code, message, status: STATUS_NAMES[code] ?? "UNKNOWN", ...extra } });
}

/** The error body of the older discovery APIs (Analytics v3, Search Console): with an `errors` list. */
export function sendLegacyError(res: ServerResponse, code: number, message: string, reason: string): void {
  sendJson(res, code, { error: { errors: [{ domain: "global", reason, message }], code, message } });
}

export const UNAUTHENTICATED_MESSAGE =
  "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.";

/** A page token as Google's are: opaque to the caller. Ours carries the offset. */
export const encodePageToken = (offset: number) => Buffer.from(`offset:${offset}`).toString("base64url");
export function decodePageToken(token: string | null | undefined): number {
  if (!token) return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, "base64url").toString("utf8"));
  return match ? Number(match[1]) : -1;
}
