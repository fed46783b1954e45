import "server-only";
import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { CLIENT_IP_HEADER, TRANSACTION_ID_HEADER } from "@/lib/constants/app";
import type { ClientAction } from "@/lib/permissions";
import { loadActor } from "../auth/actor";
import { isApiToken, loadApiTokenActor } from "../auth/api-token";
import {
  requireInsightAccess,
  requireReportAccess,
  requireTagAccess,
  type InsightAccess,
  type ReportAccess,
  type TagAccess,
} from "../auth/child-access";
import {
  requireClientAccess,
  requireDataSourceAccess,
  requireProjectAccess,
  type ClientAccess,
  type DataSourceAccess,
  type ProjectAccess,
} from "../auth/client-access";
import type { Actor } from "../auth/actor";
import {
  sessionInsightAccess,
  sessionProjectAccess,
  sessionReportAccess,
  sessionTagAccess,
  type ProjectReadAccess,
  type SessionAccess,
  type SessionAccessCheck,
} from "../auth/session-access";
import { decodeSessionToken, readSessionToken, type SessionClaims } from "../auth/session-token";
import { ForbiddenError, UnauthorizedError } from "../errors";
import { log } from "../log";
import type { AccessServiceContext, PublicServiceContext, ServiceContext } from "../services/context";
import { reportReadVersion } from "../services/reports/read-version";
import { errorResponse } from "./error-response";
import { isUuid, uuidParam } from "./params";
import { assertSameOrigin } from "./same-origin";

type Params = Record<string, string>;

/** The HTTP side of a call, which only the route sees: the request and its path parameters. */
export interface HttpInput<P extends Params = Params> {
  req: NextRequest;
  params: P;
}

/**
 * A route handler gets the service context (who calls, what access was checked) to hand to its verb
 * as is, and the request to parse the verb's input from. It returns plain data (sent as JSON 200) or
 * a ready Response when it needs another status, cookies or a file.
 */
type Handler<C, P extends Params> = (ctx: C, http: HttpInput<P>) => Promise<unknown>;
// Next.js checks each handler against its folder's params (catch-alls give string[]): accept any.
type RouteArgs = { params: Promise<unknown> };

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  return NextResponse.json(result ?? { status: 200 });
}

/**
 * The caller's address as the web server worked it out (socket, or X-Forwarded-For as far as
 * TRUST_PROXY allows). X-Forwarded-For itself is never read here: a client could write anything in it.
 */
function clientIp(req: NextRequest): string {
  return req.headers.get(CLIENT_IP_HEADER) || "unknown";
}

/** The caller's transaction id when it is a sane one, else a new one. */
export function sanitizeTxId(value: string | null): string {
  return value && /^[A-Za-z0-9._:-]{1,100}$/.test(value) ? value : randomUUID();
}

/**
 * Everything every route shares: transaction id, the check that a state-changing call with the browser's cookie
 * comes from the app's own pages (same-origin.ts), the one error mapping, the request log line, no caching.
 */
function wrap<C, P extends Params>(
  resolve: (base: PublicServiceContext, http: HttpInput<P>) => Promise<C>,
  handler: Handler<C, P>,
) {
  return async (req: NextRequest, args: RouteArgs): Promise<Response> => {
    const txId = sanitizeTxId(req.headers.get(TRANSACTION_ID_HEADER));
    const started = Date.now();
    let response: Response;
    try {
      assertSameOrigin(req);
      const http: HttpInput<P> = { req, params: ((await args?.params) ?? {}) as P };
      response = toResponse(await handler(await resolve({ txId, ip: clientIp(req) }, http), http));
    } catch (error) {
      response = errorResponse(error, { txId, method: req.method, path: req.nextUrl.pathname });
    }
    response.headers.set(TRANSACTION_ID_HEADER, txId);
    response.headers.set("Cache-Control", response.headers.get("Cache-Control") ?? "no-store");
    log("info", "request", {
      txId,
      method: req.method,
      path: req.nextUrl.pathname,
      status: response.status,
      ms: Date.now() - started,
    });
    return response;
  };
}

async function requireActor(base: PublicServiceContext, req: NextRequest): Promise<ServiceContext> {
  const token = readSessionToken(req.headers, (name) => req.cookies.get(name)?.value);
  // An agency's API token (Authorization: Bearer fwk_…) is not a session: it is looked up by its hash.
  if (token && isApiToken(token)) {
    const actor = await loadApiTokenActor(token);
    if (!actor) throw new UnauthorizedError();
    return { ...base, actor };
  }
  const claims = await decodeSessionToken(token);
  const actor = claims ? await loadActor(claims) : null;
  if (!actor) throw new UnauthorizedError();
  return { ...base, actor };
}

/** No session needed (sign-up, login, token links). */
export function withPublic<P extends Params = Params>(handler: Handler<PublicServiceContext, P>) {
  return wrap<PublicServiceContext, P>(async (base) => base, handler);
}

/** Any logged-in user of a confirmed agency. */
export function withUser<P extends Params = Params>(handler: Handler<ServiceContext, P>) {
  return wrap<ServiceContext, P>(async (base, http) => requireActor(base, http.req), handler);
}

/** Agency admins only; staff get 403. */
export function withAgencyAdmin<P extends Params = Params>(handler: Handler<ServiceContext, P>) {
  return wrap<ServiceContext, P>(async (base, http) => {
    const ctx = await requireActor(base, http.req);
    if (!ctx.actor.isAgencyAdmin) throw new ForbiddenError();
    return ctx;
  }, handler);
}

/** Resolves the caller's access to the resource a path id names, or throws its 404/403. */
type AccessCheck<A> = (actor: Actor, id: string, action: ClientAction) => Promise<A>;

/**
 * The session and the access in one query (auth/session-access.ts), for a caller with a session token and a
 * well-formed path id; null otherwise, and the caller checks them one after the other (an API token is looked up by
 * its hash; a malformed id answers its 404 after the session's 401, as on every route).
 */
async function accessInOneQuery<A extends ClientAccess>(
  base: PublicServiceContext,
  http: HttpInput<Params & { id: string }>,
  check: (claims: SessionClaims, id: string) => Promise<SessionAccess<A>>,
): Promise<AccessServiceContext<A> | null> {
  const token = readSessionToken(http.req.headers, (name) => http.req.cookies.get(name)?.value);
  if (!token || isApiToken(token) || !isUuid(http.params.id)) return null;
  const claims = await decodeSessionToken(token);
  if (!claims) throw new UnauthorizedError();
  const { actor, access } = await check(claims, uuidParam(http.params.id));
  return { ...base, actor, access };
}

/**
 * Routes under /{resource}/{id}: the caller must be allowed `action` on what the id names; the
 * verb receives the resolved rows with the context. One wrapper serves every resource, so clients,
 * projects, data sources, reports, tags and insights follow the same 404/403 rules. With `inOneQuery`
 * (the same check joined with the session's), a session's request costs one query instead of two.
 */
export function withAccess<A extends ClientAccess, P extends Params & { id: string } = { id: string }>(
  check: AccessCheck<A>,
  action: ClientAction,
  handler: Handler<AccessServiceContext<A>, P>,
  inOneQuery?: SessionAccessCheck<A>,
) {
  return wrap<AccessServiceContext<A>, P>(async (base, http) => {
    const combined = inOneQuery && (await accessInOneQuery(base, http, (claims, id) => inOneQuery(claims, id, action)));
    if (combined) return combined;
    const ctx = await requireActor(base, http.req);
    return { ...ctx, access: await check(ctx.actor, uuidParam(http.params.id), action) };
  }, handler);
}

type AccessRoute<A extends ClientAccess> = <P extends Params & { id: string } = { id: string }>(
  action: ClientAction,
  handler: Handler<AccessServiceContext<A>, P>,
) => ReturnType<typeof withAccess<A, P>>;

/** /clients/{id}: the caller's level on the client decides (lib/permissions.ts). */
export const withClientAccess: AccessRoute<ClientAccess> = (action, handler) =>
  withAccess(requireClientAccess, action, handler);
/** /properties/{id}: the same check, through the project's client. */
export const withProjectAccess: AccessRoute<ProjectAccess> = (action, handler) =>
  withAccess(requireProjectAccess, action, handler, sessionProjectAccess);

/**
 * /properties/{id} reads that name one of its reports in their query (`reportIdOf`): the project's access and that
 * report's read version (read-cache.ts; null when none is named or it is not this project's), in the session's one
 * query.
 */
export function withProjectReadAccess<P extends Params & { id: string } = { id: string }>(
  action: ClientAction,
  reportIdOf: (req: NextRequest) => string | null,
  handler: Handler<AccessServiceContext<ProjectReadAccess>, P>,
) {
  return wrap<AccessServiceContext<ProjectReadAccess>, P>(async (base, http) => {
    const named = reportIdOf(http.req);
    const reportId = isUuid(named) ? named.toLowerCase() : null;
    const combined = await accessInOneQuery(base, http, (claims, id) =>
      sessionProjectAccess(claims, id, action, reportId),
    );
    if (combined) return combined;
    const ctx = await requireActor(base, http.req);
    const access = await requireProjectAccess(ctx.actor, uuidParam(http.params.id), action);
    const scope = { agencyId: ctx.actor.agencyId, projectId: access.project.id };
    const reportVersion = reportId ? await reportReadVersion({ ...scope, reportId }) : null;
    return { ...ctx, access: { ...access, reportVersion } };
  }, handler);
}
/** /data-sources/{id}: through the data source's project and client. */
export const withDataSourceAccess: AccessRoute<DataSourceAccess> = (action, handler) =>
  withAccess(requireDataSourceAccess, action, handler);
/** /reports/{id}: through the report's project. */
export const withReportAccess: AccessRoute<ReportAccess> = (action, handler) =>
  withAccess(requireReportAccess, action, handler, sessionReportAccess);
/** /tags/{id}: through the tag's project. */
export const withTagAccess: AccessRoute<TagAccess> = (action, handler) =>
  withAccess(requireTagAccess, action, handler, sessionTagAccess);
/** /insights/{id}: through the insight's project. */
export const withInsightAccess: AccessRoute<InsightAccess> = (action, handler) =>
  withAccess(requireInsightAccess, action, handler, sessionInsightAccess);

export function json(data: unknown, status = 200): Response {
  return NextResponse.json(data, { status });
}
