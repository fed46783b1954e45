import type { Actor } from "../auth/actor";
import type { ClientAccess, DataSourceAccess, ProjectAccess } from "../auth/client-access";
import type { InsightAccess, ReportAccess, TagAccess } from "../auth/child-access";

/**
 * What a service verb knows about its caller, and nothing about how the call arrived: no request,
 * no headers, no route parameters. The route wrapper (server/http/route.ts) builds it after the
 * session and permission checks, so a verb can trust it and start with its own work.
 */
export interface PublicServiceContext {
  /** Ties the verb's log lines to the request (or job) that caused them. */
  txId: string;
  /** The caller's address, for rate limits and bot checks. */
  ip: string;
}

/** A logged-in member of a confirmed agency: user, agency and role are on the actor. */
export interface ServiceContext extends PublicServiceContext {
  actor: Actor;
}

/** A member whose access to one client, project, data source, report, tag or insight was already checked. */
export interface AccessServiceContext<A extends ClientAccess> extends ServiceContext {
  access: A;
}

export type ClientServiceContext = AccessServiceContext<ClientAccess>;
export type ProjectServiceContext = AccessServiceContext<ProjectAccess>;
export type DataSourceServiceContext = AccessServiceContext<DataSourceAccess>;
export type ReportServiceContext = AccessServiceContext<ReportAccess>;
export type TagServiceContext = AccessServiceContext<TagAccess>;
export type InsightServiceContext = AccessServiceContext<InsightAccess>;
