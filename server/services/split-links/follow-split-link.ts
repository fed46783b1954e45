import "server-only";
import { randomInt } from "node:crypto";
import { splitLinkUtm } from "@/lib/validation/split-links";
import { pickVariant } from "./pick-variant";
import { recordSplitVisit } from "./split-counts";
import { splitLinkBySlug } from "./split-link-cache";

/** The first-party cookie that keeps a visitor on their variant: the variant's key only, no personal data. */
export const splitCookieName = (slug: string) => `fw_split_${slug}`;
export const SPLIT_COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

export interface FollowResult {
  /** Where the visitor goes: always one of the link's own variant URLs, never one the request names. */
  location: string;
  /** The variant to remember in the cookie (a visitor newly assigned, or one whose cookie named no variant). */
  assign: string | null;
}

/**
 * GET /s/{slug}: the visitor's variant (their cookie's, else drawn by weight), counted per variant and day, and its
 * page with the UTM parameters that name the test and the variant (the visitor's other parameters, an ad's click id,
 * are passed on). A paused or stopped link sends everyone to the control page, untagged and uncounted. The link is
 * read at most once a second per process (split-link-cache.ts) and the count written off the response path with the
 * others of its moment (split-counts.ts): no visit waits on the database, so 20 visitors at once are answered as
 * fast as one.
 */
export async function followSplitLink(input: {
  slug: string;
  cookie: string | undefined;
  query: URLSearchParams;
}): Promise<FollowResult | null> {
  const link = await splitLinkBySlug(input.slug);
  if (!link || link.variants.length === 0) return null;
  const control = link.variants[0];
  if (link.status !== "running") return { location: control.url, assign: null };

  const kept = link.variants.find((v) => v.key === input.cookie);
  const variant = kept ?? pickVariant(link.variants, randomInt(0, 2 ** 32) / 2 ** 32);
  recordSplitVisit(link.id, variant.key, !kept);

  const target = new URL(variant.url);
  const utm = splitLinkUtm(input.slug, variant.key);
  for (const [name, value] of input.query) {
    if (!name.toLowerCase().startsWith("utm_") && !target.searchParams.has(name))
      target.searchParams.append(name, value);
  }
  for (const [name, value] of Object.entries(utm)) target.searchParams.set(name, value);
  return { location: target.toString(), assign: kept ? null : variant.key };
}
