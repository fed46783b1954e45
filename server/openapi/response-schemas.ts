import { z } from "zod";
import { THIRD_PARTY_PROVIDERS } from "@/lib/constants/third-party-providers";
import { dismissedGroupsResponse } from "@/lib/validation/report-dismissals";
import { CLIENT_RESPONSES } from "@/lib/validation/responses/clients";
import { USER_RESPONSES } from "@/lib/validation/responses/users";
import { AGENCY_RESPONSES } from "@/lib/validation/responses/agencies";
import { BILLING_RESPONSES } from "@/lib/validation/responses/billing";
import { SEARCH_RESPONSES, WORKSPACE_RESPONSES } from "@/lib/validation/responses/workspace";
import { SPLIT_TEST_RESPONSES } from "@/lib/validation/responses/split-tests";
import { SHARING_RESPONSES } from "@/lib/validation/responses/sharing";
import { CUSTOMIZATION_RESPONSES } from "@/lib/validation/responses/customization";
import { SETTINGS_RESPONSES } from "@/lib/validation/responses/settings";
import { DATA_SOURCE_RESPONSES } from "@/lib/validation/responses/data-sources";
import { DELIVERY_RESPONSES } from "@/lib/validation/responses/deliveries";
import { dashboardSchema } from "@/lib/api-client/dashboard-types";
import { ONBOARDING_RESPONSES } from "@/lib/validation/responses/onboarding";
import { ALERT_RESPONSES } from "@/lib/validation/responses/alerts";
import { day, list, timestamp, uuid } from "@/lib/validation/responses/common";
import {
  deletedResponse,
  insightDetailResponse,
  insightListResponse,
  reportKpisResponse,
  savedListResponse,
  savedResponse,
  tagListResponse,
  tagResponse,
  templateListResponse,
  unsavedResponse,
} from "@/lib/validation/responses/insights";

// What the routes an agency builds on answer (dashboards, automations): their success bodies as zod schemas, keyed
// "METHOD /api/path" as the catalogue names the operation. The OpenAPI document shows each under the route's success
// status; every success answer a test receives through test/api.ts is parsed with its route's schema, strict
// (test/response-check.ts), so a field added to a view without its schema fails the test that met it.

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
  ...CLIENT_RESPONSES,
  ...USER_RESPONSES,
  ...AGENCY_RESPONSES,
  ...BILLING_RESPONSES,
  ...WORKSPACE_RESPONSES,
  ...SEARCH_RESPONSES,
  ...SPLIT_TEST_RESPONSES,
  ...SHARING_RESPONSES,
  ...CUSTOMIZATION_RESPONSES,
  ...SETTINGS_RESPONSES,
  ...DATA_SOURCE_RESPONSES,
  ...DELIVERY_RESPONSES,
  "GET /api/dashboard": dashboardSchema,
  ...ONBOARDING_RESPONSES,
  ...ALERT_RESPONSES,
  "GET /api/reports/{id}": reportResponse,
  "POST /api/properties/{id}/reports/add": reportResponse,
  "GET /api/properties/{id}/reports": list(reportResponse),
  "GET /api/api-tokens": list(apiTokenResponse),
  "POST /api/api-tokens": apiTokenResponse.extend({ token: z.string().startsWith("fwk_") }),
  "POST /api/support-requests": supportRequestResponse,
  "GET /api/support-requests": list(supportRequestResponse).extend({
    /** Whether this server has a support address to send requests to. */
    configured: z.boolean(),
  }),
  "GET /api/users/third-party-session/{id}": z.strictObject({ docs: z.array(thirdPartySessionResponse) }),
  "DELETE /api/reports/{id}": deletedResponse,
  "GET /api/reports/{id}/kpis": reportKpisResponse,
  "GET /api/reports/{id}/dismissed-groups": dismissedGroupsResponse,
  "PUT /api/reports/{id}/dismissed-groups": dismissedGroupsResponse,
  "GET /api/insights/properties/{id}": insightListResponse,
  "GET /api/insights/{id}": insightDetailResponse,
  "GET /api/insights/properties/{id}/tags": tagListResponse,
  "POST /api/insights/properties/{id}/tags/add": tagResponse,
  "GET /api/tags/{id}": tagResponse,
  "PUT /api/tags/{id}": tagResponse,
  "DELETE /api/tags/{id}": deletedResponse,
  "GET /api/saved-insights/properties/{id}": savedListResponse,
  "POST /api/saved-insights/properties/{id}": savedResponse,
  "DELETE /api/saved-insights/properties/{id}": unsavedResponse,
  "GET /api/templates": templateListResponse,
};

/** An answer that is not a JSON body: a file, a redirect, or a route that only ever answers an error. */
export interface NonJsonResponse {
  /** The success status when it is not the catalogue's (a redirect: 302). */
  status?: number;
  description: string;
  /** The media types of the body; none for a redirect. */
  content?: string[];
}

const FILE_EXPORT = (kind: string, type: string): NonJsonResponse => ({
  description: `The ${kind} file, as an attachment (Content-Disposition names it).`,
  content: [type],
});
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

export const NON_JSON_RESPONSES: Record<string, NonJsonResponse> = {
  "GET /api/properties/{id}/insights/export/excel": FILE_EXPORT("Excel workbook", XLSX),
  "POST /api/properties/{id}/insights/export/excel": FILE_EXPORT("Excel workbook", XLSX),
  "GET /api/properties/{id}/insights/export/powerpoint": FILE_EXPORT("PowerPoint deck", PPTX),
  "POST /api/properties/{id}/insights/export/powerpoint": FILE_EXPORT("PowerPoint deck", PPTX),
  "GET /api/customizations/{id}/logo": {
    description: "The logo file, inline, with an ETag (304 when If-None-Match holds it).",
    content: ["image/png", "image/jpeg", "image/svg+xml", "image/webp", "image/gif"],
  },
  "GET /api/dropbox/connect": { status: 302, description: "A redirect to Dropbox's consent page." },
  "GET /api/dropbox/callback": {
    status: 302,
    description: "A redirect back to the page the connection started from, with `?dropbox=` the outcome.",
  },
  "GET /api/google-service/auth-code": {
    status: 302,
    description: "A redirect to Google's consent page, or from Google's answer to /google-sign-in with the outcome.",
  },
  "GET /api/auth/{nextauth}": { description: "next-auth's own answers (session, providers, CSRF token)." },
  "POST /api/auth/{nextauth}": { description: "next-auth's own answers (sign-in and sign-out)." },
  ...Object.fromEntries(
    ["GET", "POST", "PUT", "PATCH", "DELETE"].map((method) => [
      `${method} /api/{path}`,
      { description: "Never a success: any path that is no route answers 404 in the error shape." },
    ]),
  ),
};
