import { z } from "zod";
import { day, timestamp, uuid } from "./common";
import { insightResponse, reportKpisResponse } from "./insights";

// What share links (/reportTokens, /accessToken), API tokens, support requests and connections answer beyond the
// schemas kept in server/openapi/response-schemas.ts.

/** A share link as its creator's screens see it: never the token, which is not stored. */
export const shareLinkResponse = z.strictObject({
  _id: uuid,
  reportId: uuid,
  status: z.enum(["active", "expired", "revoked"]),
  expiresAt: timestamp,
  revokedAt: timestamp.nullable(),
  openCount: z.number().int(),
  /** "Emailed to sam@client.com" for a link an email made; null for one made on the report page. */
  label: z.string().nullable(),
  lastOpenedAt: timestamp.nullable(),
  createdAt: timestamp,
});

/** POST /accessToken: the shared report a client opens without an account, in its look. */
export const sharedReportResponse = z.strictObject({
  report: z.strictObject({
    _id: uuid,
    name: z.string().nullable(),
    periodStart: day,
    periodEnd: day,
    compareTo: z.enum(["previous_period", "previous_year"]),
  }),
  client: z.strictObject({ name: z.string() }),
  project: z.strictObject({ name: z.string(), currency: z.string() }),
  theme: z.strictObject({
    chartColor: z.string(),
    palette: z.array(z.string()),
    font: z.string(),
    reportTitle: z.string(),
    footerText: z.string(),
    /** The logo as a data: URL; null without one. */
    logo: z.string().nullable(),
  }),
  insights: z.array(insightResponse),
  kpis: reportKpisResponse.nullable(),
  expiresAt: timestamp,
});

export const SHARING_RESPONSES = {
  /** The token and its link are in this answer only. */
  "POST /api/reportTokens": shareLinkResponse.extend({ token: z.string(), url: z.url() }),
  "GET /api/reportTokens": z.strictObject({ docs: z.array(shareLinkResponse) }),
  "POST /api/reportTokens/{id}/revoke": shareLinkResponse,
  "POST /api/accessToken": sharedReportResponse,
  "DELETE /api/api-tokens/{id}": z.strictObject({ status: z.number().int(), _id: uuid }),
  "POST /api/users/third-party-session/{id}/revoke": z.strictObject({ _id: uuid, revoked: z.literal(true) }),
} satisfies Record<string, z.ZodType>;
