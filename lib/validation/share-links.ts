import { z } from "zod";
import { DEFAULT_SHARE_LINK_DAYS } from "../constants/share-link-messages";

/** POST /reportTokens: a read-only link to one report, valid for a number of days. */
export const createShareLinkSchema = z.object({
  reportId: z.uuid(),
  expiresInDays: z.coerce.number().int().min(1).max(365).default(DEFAULT_SHARE_LINK_DAYS),
});
export type CreateShareLinkInput = z.input<typeof createShareLinkSchema>;

/** GET /reportTokens?reportId=: a report's links. */
export const listShareLinksQuery = z.object({ reportId: z.uuid() });

/** POST /accessToken: what a visitor without an account presents to read a shared report. */
export const accessTokenSchema = z.object({ token: z.string().min(20).max(200) });
