import { z } from "zod";
import { GOOGLE_ADS_REPORT_OPTIONS } from "../constants/google-ads-reports";
import { GOOGLE_MESSAGES, MESSAGES } from "../constants/messages";
import { SITE_TYPES } from "../constants/site-types";
import { PRIMARY_GOAL_ID } from "../google/analytics-selection";
import { optionalText } from "./fields";

// The Google sources the wizard creates (POST /properties/{id}/data-sources with kind "google"),
// one shape per sub-type: the spec's `additional` fields (section 3) and its required selections
// (section 5). Shared by the wizard's forms and the API, so both give the same messages.

const selection = () => z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(300);
const optionalSelection = () =>
  z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((v) => (v ? v : undefined));

export const ga4SelectionSchema = z.object({
  analyticAccount: selection(),
  analyticProperty: selection().regex(/^properties\/\d+$/, MESSAGES.required),
  conversionEvents: z.array(z.string().trim().min(1).max(300)).max(50).default([]),
  audience: optionalSelection(),
});

export const legacySelectionSchema = z.object({
  analyticAccount: selection(),
  analyticProperty: selection(),
  analyticProfile: selection(),
  siteType: z.enum(SITE_TYPES.map((s) => s.value) as [string, ...string[]], { error: MESSAGES.required }),
  analyticPrimaryGoal: selection().refine((v) => v === PRIMARY_GOAL_ID, GOOGLE_MESSAGES.primaryGoalMustBeGoalOne),
  analyticSecondaryGoals: z
    .array(z.string().trim().min(1).max(20))
    .min(1, MESSAGES.required)
    .max(20)
    .refine((goals) => !goals.includes(PRIMARY_GOAL_ID), GOOGLE_MESSAGES.primaryGoalMustBeGoalOne),
  analyticSegment: optionalSelection(),
});

export const searchConsoleSelectionSchema = z.object({ analyticSite: selection() });

export const adsSelectionSchema = z.object({
  adsAccount: selection().regex(/^\d{10}$/, MESSAGES.required),
  adsReport: z.enum(GOOGLE_ADS_REPORT_OPTIONS, { error: MESSAGES.required }),
  /** A campaign id, or "all" for every campaign of the account. */
  adsCampaign: z
    .string()
    .trim()
    .regex(/^(all|\d{1,20})$/, MESSAGES.required)
    .default("all"),
});

const base = { kind: z.literal("google"), name: optionalText("Name") };

export const createGoogleDataSourceSchema = z.discriminatedUnion("subType", [
  z.object({ ...base, subType: z.literal("analytic-4"), additional: ga4SelectionSchema }),
  z.object({ ...base, subType: z.literal("analytic"), additional: legacySelectionSchema }),
  z.object({ ...base, subType: z.literal("searchconsole"), additional: searchConsoleSelectionSchema }),
  z.object({ ...base, subType: z.literal("ads"), additional: adsSelectionSchema }),
]);
export type CreateGoogleDataSourceInput = z.input<typeof createGoogleDataSourceSchema>;
export type CreateGoogleDataSource = z.output<typeof createGoogleDataSourceSchema>;

// Query parameters of the listing routes under /api/google-service/.
const id = () => z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(300);
/** Lists with a source's own Google sign-in (reconnecting or editing someone else's source). */
const dataSourceId = z.uuid().optional();

export const googleListQuery = z.object({ dataSourceId });
export const uaPropertiesQuery = z.object({ dataSourceId, accountId: id() });
export const uaProfilesQuery = z.object({ dataSourceId, accountId: id(), propertyId: id() });
export const uaGoalsQuery = z.object({ dataSourceId, accountId: id(), propertyId: id(), profileId: id() });
export const ga4PropertiesQuery = z.object({ dataSourceId, accountId: id().regex(/^accounts\/\d+$/) });
export const ga4PropertyQuery = z.object({ dataSourceId, propertyId: id().regex(/^properties\/\d+$/) });
export const adsCampaignsParams = z.object({ id: id().regex(/^\d{10}$/) });

/** GET /api/google-service/auth-code: starting (no code) or Google's redirect back (code or error, and state). */
export const authCodeQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
  dataSourceId: z.uuid().optional(),
  attempt: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});
