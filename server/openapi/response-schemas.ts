import { z } from "zod";
import { THIRD_PARTY_PROVIDERS } from "@/lib/constants/third-party-providers";
import { dismissedGroupsResponse } from "@/lib/validation/report-dismissals";

// What the routes an agency builds on answer (dashboards, automations): their success bodies as zod schemas, keyed
// "METHOD /api/path" as the catalogue names the operation. The OpenAPI document shows each under the route's success
// status; test/openapi-responses.test.ts calls every route listed here on real data and parses its answer with the
// schema, strict, so a field added to a view without its schema fails there.

const timestamp = z.iso.datetime({ offset: true });
const day = z.iso.date();
const uuid = z.uuid();

/** A list page: the rows of one page, and how many there are in all. */
const list = <T extends z.ZodType>(row: T) => z.strictObject({ docs: z.array(row), total: z.number().int() });

export const reportResponse = z.strictObject({
  _id: uuid,
  projectId: uuid,
  name: z.string().nullable(),
  status: z.enum(["queued", "running", "ready", "failed"]),
  /** 0-100: 100 once ready. */
  progress: z.number().int().min(0).max(100),
  periodStart: day,
  periodEnd: day,
  compareTo: z.enum(["previous_period", "previous_year"]),
  /** Why it failed, for people. */
  error: z.string().nullable(),
  createdById: uuid.nullable(),
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** On the list: false for a ready report whose period the data does not cover; null elsewhere. */
  hasData: z.boolean().nullable(),
});

const apiTokenResponse = z.strictObject({
  _id: uuid,
  name: z.string(),
  /** The token's first characters, to tell tokens apart; never the token. */
  prefix: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: timestamp.nullable(),
  createdAt: timestamp,
});

const supportRequestResponse = z.strictObject({
  _id: uuid,
  subject: z.string(),
  message: z.string(),
  planWanted: z.string().nullable(),
  senderEmail: z.string(),
  status: z.enum(["queued", "sent", "failed"]),
  error: z.string().nullable(),
  sentAt: timestamp.nullable(),
  createdAt: timestamp,
});

const providerKeys = Object.keys(THIRD_PARTY_PROVIDERS) as [string, ...string[]];
const thirdPartySessionResponse = z.strictObject({
  _id: uuid,
  /** The connection's kind as stored (dropbox, google, hubspot, shopify, meta). */
  type: z.string(),
  provider: z.enum(providerKeys).nullable(),
  /** The provider's name. */
  service: z.string(),
  account: z.string(),
  accountType: z.string().nullable(),
  connectedAt: timestamp,
});

export const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  "GET /api/reports/{id}": reportResponse,
  "POST /api/properties/{id}/reports/add": reportResponse,
  "GET /api/properties/{id}/reports": list(reportResponse),
  "GET /api/api-tokens": list(apiTokenResponse),
  "POST /api/api-tokens": apiTokenResponse.extend({ token: z.string().startsWith("fwk_") }),
  "GET /api/support-requests": list(supportRequestResponse).extend({
    /** Whether this server has a support address to send requests to. */
    configured: z.boolean(),
  }),
  "GET /api/users/third-party-session/{id}": z.strictObject({ docs: z.array(thirdPartySessionResponse) }),
  "GET /api/reports/{id}/dismissed-groups": dismissedGroupsResponse,
  "PUT /api/reports/{id}/dismissed-groups": dismissedGroupsResponse,
};
