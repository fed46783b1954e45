import "server-only";
import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { TRANSACTION_ID_HEADER } from "@/lib/constants/app";
import type { ClientAction } from "@/lib/permissions";
import { loadActor, type Actor } from "../auth/actor";
import {
  requireClientAccess,
  requireDataSourceAccess,
  requireProjectAccess,
  type ClientAccess,
  type DataSourceAccess,
  type ProjectAccess,
} from "../auth/client-access";
import { decodeSessionToken, readSessionToken } from "../auth/session-token";
import { ForbiddenError, UnauthorizedError } from "../errors";
import { log } from "../log";
import { errorResponse } from "./error-response";
import { uuidParam } from "./params";

type Params = Record<string, string>;

export interface PublicContext<P extends Params = Params> {
  req: NextRequest;
  params: P;
  txId: string;
  ip: string;
}
export interface UserContext<P extends Params = Params> extends PublicContext<P> {
  actor: Actor;
}

type Handler<C> = (ctx: C) => Promise<unknown>;
// Next.js checks each handler against its folder's params (catch-alls give string[]): accept any.
type RouteArgs = { params: Promise<unknown> };

/** A handler may return a ready Response (status, cookies, files) or plain data sent as JSON 200. */
function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  return NextResponse.json(result ?? { status: 200 });
}

function clientIp(req: NextRequest): string {
  const forwarded = req.headers.get("x-forwarded-for");
  return forwarded?.split(",")[0]?.trim() || req.headers.get("x-real-ip") || "unknown";
}

function sanitizeTxId(value: string | null): string {
  return value && /^[A-Za-z0-9._:-]{1,100}$/.test(value) ? value : randomUUID();
}

function wrap<C extends PublicContext>(resolve: (base: PublicContext) => Promise<C>, handler: Handler<C>) {
  return async (req: NextRequest, args: RouteArgs): Promise<Response> => {
    const txId = sanitizeTxId(req.headers.get(TRANSACTION_ID_HEADER));
    const started = Date.now();
    let response: Response;
    try {
      const base: PublicContext = { req, params: ((await args?.params) ?? {}) as Params, txId, ip: clientIp(req) };
      response = toResponse(await handler(await resolve(base)));
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

async function requireActor(base: PublicContext): Promise<UserContext> {
  const token = readSessionToken(base.req.headers, (name) => base.req.cookies.get(name)?.value);
  const claims = await decodeSessionToken(token);
  const actor = claims ? await loadActor(claims) : null;
  if (!actor) throw new UnauthorizedError();
  return { ...base, actor };
}

/** No session needed (sign-up, login, token links). */
export function withPublic<P extends Params = Params>(handler: Handler<PublicContext<P>>) {
  return wrap(async (base) => base as PublicContext<P>, handler);
}

/** Any logged-in user of a confirmed agency. */
export function withUser<P extends Params = Params>(handler: Handler<UserContext<P>>) {
  return wrap(async (base) => (await requireActor(base)) as UserContext<P>, handler);
}

/** Agency admins only; staff get 403. */
export function withAgencyAdmin<P extends Params = Params>(handler: Handler<UserContext<P>>) {
  return wrap(async (base) => {
    const ctx = await requireActor(base);
    if (!ctx.actor.isAgencyAdmin) throw new ForbiddenError();
    return ctx as UserContext<P>;
  }, handler);
}

export interface ClientContext<P extends Params = Params> extends UserContext<P> {
  access: ClientAccess;
}
export interface ProjectContext<P extends Params = Params> extends UserContext<P> {
  access: ProjectAccess;
}

/** Routes under /clients/{id}: the caller must be allowed `action` on that client (lib/permissions.ts). */
export function withClientAccess<P extends Params & { id: string } = { id: string }>(
  action: ClientAction,
  handler: Handler<ClientContext<P>>,
) {
  return wrap(async (base) => {
    const ctx = await requireActor(base);
    const access = await requireClientAccess(ctx.actor, uuidParam(ctx.params.id), action);
    return { ...ctx, access } as ClientContext<P>;
  }, handler);
}

/** Routes under /properties/{id}: the same check, through the project's client. */
export function withProjectAccess<P extends Params & { id: string } = { id: string }>(
  action: ClientAction,
  handler: Handler<ProjectContext<P>>,
) {
  return wrap(async (base) => {
    const ctx = await requireActor(base);
    const access = await requireProjectAccess(ctx.actor, uuidParam(ctx.params.id), action);
    return { ...ctx, access } as ProjectContext<P>;
  }, handler);
}

export interface DataSourceContext<P extends Params = Params> extends UserContext<P> {
  access: DataSourceAccess;
}

/** Routes under /data-sources/{id}: the same check, through the data source's project and client. */
export function withDataSourceAccess<P extends Params & { id: string } = { id: string }>(
  action: ClientAction,
  handler: Handler<DataSourceContext<P>>,
) {
  return wrap(async (base) => {
    const ctx = await requireActor(base);
    const access = await requireDataSourceAccess(ctx.actor, uuidParam(ctx.params.id), action);
    return { ...ctx, access } as DataSourceContext<P>;
  }, handler);
}

export function json(data: unknown, status = 200): Response {
  return NextResponse.json(data, { status });
}
