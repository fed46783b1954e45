import { z } from "zod";

// Meta Ads' settings, read from the environment on first use: the Meta app's id and secret (Facebook
// Login), and where Facebook's login dialog and the Graph API answer. They default to Meta's own;
// tests and journeys point them at e2e/fakes/meta. Without the app's id and secret the wizard says
// Meta sign-in is not set up on this server.

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));
const slash = (url: string) => (url.endsWith("/") ? url : `${url}/`);

const schema = z.object({
  META_APP_ID: optional,
  META_APP_SECRET: optional,
  /** The login dialog (Facebook Login, OAuth code flow). */
  META_AUTH_URL: z.string().url().default("https://www.facebook.com/v24.0/dialog/oauth"),
  /** The Graph API's root, without the version (the SDK adds it). */
  META_GRAPH_URL: z.string().url().default("https://graph.facebook.com/").transform(slash),
  /** How long "wait one minute" of a rate-limit answer lasts (tests shorten it). */
  META_RATE_LIMIT_MINUTE_MS: z.coerce.number().int().nonnegative().default(60_000),
  /** The longest wait a rate-limit answer may impose on one sync before it gives up and retries later. */
  META_RATE_LIMIT_MAX_WAIT_MS: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(5 * 60_000),
  /** Between two reads of an async report run's status. */
  META_ASYNC_POLL_MS: z.coerce.number().int().nonnegative().default(2000),
});
export type MetaConfig = z.infer<typeof schema>;

let cached: MetaConfig | undefined;

export function metaConfig(): MetaConfig {
  cached ??= schema.parse(process.env);
  return cached;
}

/** Tests change the environment between files: forget the parsed copy. */
export function resetMetaConfig(): void {
  cached = undefined;
}

/** Whether this server can sign in to Meta (its app's id and secret are set). */
export const metaConfigured = () => Boolean(metaConfig().META_APP_ID && metaConfig().META_APP_SECRET);
