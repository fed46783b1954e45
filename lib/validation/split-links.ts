import { z } from "zod";
import { MESSAGES, maxLengthMessage } from "../constants/messages";
import { MAX_TEXT_LENGTH } from "./fields";
import { SPLIT_TEST_METRICS } from "./split-tests";

// URL splitters (POST /split-links, GET|PUT|DELETE /split-links/{id}): the contracts of the routes and the form.

export const SPLIT_LINK_KEYS = ["a", "b", "c", "d"] as const;
export const SPLIT_LINK_STATUSES = ["running", "paused", "stopped"] as const;
export const SPLIT_LINK_MESSAGES = {
  variantUrl: "Please enter the page's full address, starting with https:// or http://",
  variantCount: "A split link needs 2 to 4 variants",
  weight: "A weight is a whole number from 1 to 100",
  slug: "Use 3 to 60 lower-case letters, digits and dashes",
  slugTaken: "This link name is taken: choose another one",
  offSite: (host: string) => `Every variant must be a page of the project's site (${host})`,
  oneSite: "Every variant must be a page of the same site",
  stopped: "A stopped split link cannot be started again: create a new one",
} as const;

const variantUrl = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(2000, maxLengthMessage("Address", 2000))
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, SPLIT_LINK_MESSAGES.variantUrl);

export const splitLinkVariantSchema = z.object({
  url: variantUrl,
  weight: z.coerce
    .number({ error: SPLIT_LINK_MESSAGES.weight })
    .int(SPLIT_LINK_MESSAGES.weight)
    .min(1, SPLIT_LINK_MESSAGES.weight)
    .max(100, SPLIT_LINK_MESSAGES.weight),
});

export const createSplitLinkSchema = z.object({
  projectId: z.uuid({ error: MESSAGES.required }),
  name: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(MAX_TEXT_LENGTH, maxLengthMessage("Name")),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/, SPLIT_LINK_MESSAGES.slug)
    .optional(),
  variants: z
    .array(splitLinkVariantSchema)
    .min(2, SPLIT_LINK_MESSAGES.variantCount)
    .max(4, SPLIT_LINK_MESSAGES.variantCount),
  primaryMetric: z.enum(SPLIT_TEST_METRICS).default("conversionRate"),
  minimumDetectablePct: z.coerce.number().int().min(1).max(100).default(10),
});
export type CreateSplitLinkInput = z.input<typeof createSplitLinkSchema>;

/** PUT /split-links/{id}: rename it, or pause, resume or stop it (its variants never change once visitors came). */
export const updateSplitLinkSchema = z
  .object({
    name: createSplitLinkSchema.shape.name.optional(),
    status: z.enum(SPLIT_LINK_STATUSES, { error: "Choose running, paused or stopped" }).optional(),
  })
  .refine((v) => v.name !== undefined || v.status !== undefined, { message: MESSAGES.required, path: ["status"] });
export type UpdateSplitLinkInput = z.input<typeof updateSplitLinkSchema>;

export const listSplitLinksSchema = z.object({ projectId: z.uuid({ error: MESSAGES.required }) });

/** The UTM parameters a visitor arrives with: the test in utm_campaign's first part, the variant in both. */
export const splitLinkUtm = (slug: string, key: string) => ({
  utm_source: "funnelwise",
  utm_medium: "split-test",
  utm_campaign: `${slug}-${key}`,
  utm_content: key,
});
