import { z } from "zod";

// Google settings, read from the environment on first use. Without a client id and secret the
// product works but cannot connect Google sources. The base URLs default to Google's own; tests,
// the e2e journeys and the bench point them at the local fake (e2e/fakes/google).

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));
const slash = (url: string) => (url.endsWith("/") ? url : `${url}/`);

const schema = z.object({
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  /** Where Google sends the user back after consent: {APP_URL}/api/google-service/auth-code by default. */
  GOOGLE_REDIRECT_URL: optional,
  GOOGLE_ADS_DEVELOPER_TOKEN: optional,
  /** Manager account through which client accounts are reached (sent as login-customer-id). */
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: optional,
  /** Base of the OAuth token endpoint (`{base}token`) and, unless set apart, of the consent page. */
  GOOGLE_OAUTH_URL: z.string().url().default("https://oauth2.googleapis.com/").transform(slash),
  GOOGLE_CONSENT_URL: optional,
  /** One root for every googleapis client (Admin, Data, Analytics v3, Search Console, userinfo). */
  GOOGLE_API_ROOT_URL: optional,
  GOOGLE_ADS_API_URL: z.string().url().default("https://googleads.googleapis.com/").transform(slash),
  GOOGLE_ADS_API_VERSION: z.string().default("v22"),
  /** First backoff step; each retry waits a random time up to base × 2^attempt (capped at 60 s). */
  GOOGLE_RETRY_BASE_MS: z.coerce.number().int().nonnegative().default(1000),
  GOOGLE_RETRY_ATTEMPTS: z.coerce.number().int().positive().default(6),
});

export type GoogleConfig = z.infer<typeof schema> & { consentUrl: string; tokenUrl: string };

let cached: GoogleConfig | undefined;

export function googleConfig(): GoogleConfig {
  if (!cached) {
    const parsed = schema.parse(process.env);
    cached = {
      ...parsed,
      tokenUrl: `${parsed.GOOGLE_OAUTH_URL}token`,
      consentUrl:
        parsed.GOOGLE_CONSENT_URL ??
        (parsed.GOOGLE_OAUTH_URL === "https://oauth2.googleapis.com/"
          ? "https://accounts.google.com/o/oauth2/v2/auth"
          : `${parsed.GOOGLE_OAUTH_URL}o/oauth2/v2/auth`),
    };
  }
  return cached;
}

/** Tests change the environment between files: forget the parsed copy. */
export function resetGoogleConfig(): void {
  cached = undefined;
}

/** The spec's scopes (section 9): profile and email, Ads, Analytics read-only, Search Console read-only. */
export const GOOGLE_SCOPES = [
  "https://www.googleapis.com/auth/userinfo.profile",
  "https://www.googleapis.com/auth/userinfo.email",
  "https://www.googleapis.com/auth/adwords",
  "https://www.googleapis.com/auth/analytics.readonly",
  "https://www.googleapis.com/auth/webmasters.readonly",
];
