import { z } from "zod";

// The keyword-data partner (Semrush Position Tracking) and the competitor source (Similarweb), read
// from the environment on first use. Without a key the product works but cannot sync these kinds.
// The base URLs default to the providers' own; tests and journeys point them at e2e/fakes/partners.

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));
const slash = (url: string) => (url.endsWith("/") ? url : `${url}/`);

const schema = z.object({
  SEMRUSH_API_KEY: optional,
  SEMRUSH_API_URL: z.string().url().default("https://api.semrush.com/").transform(slash),
  /** Semrush's API units balance (one call checks a key and tells what is left). */
  SEMRUSH_UNITS_URL: z.string().url().default("https://www.semrush.com/users/countapiunits.html"),
  SIMILARWEB_API_KEY: optional,
  SIMILARWEB_API_URL: z.string().url().default("https://api.similarweb.com/").transform(slash),
  /** First backoff step on 429 and 5xx; each retry waits a random time up to base × 2^attempt. */
  PARTNER_RETRY_BASE_MS: z.coerce.number().int().nonnegative().default(1000),
  PARTNER_RETRY_ATTEMPTS: z.coerce.number().int().positive().default(4),
});
export type PartnerConfig = z.infer<typeof schema>;

let cached: PartnerConfig | undefined;

export function partnerConfig(): PartnerConfig {
  cached ??= schema.parse(process.env);
  return cached;
}

/** Tests change the environment between files: forget the parsed copy. */
export function resetPartnerConfig(): void {
  cached = undefined;
}
