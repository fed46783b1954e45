import { z } from "zod";

// POST /properties/{id}/data-sources/connect/{integration}: the source's name and, for Shopify, the store.
export const premiumConnectSchema = z.object({
  name: z.string().trim().max(255, "Maximum 255 characters").optional(),
  shop: z.string().trim().max(255).optional(),
});
export type PremiumConnectInput = z.input<typeof premiumConnectSchema>;

// GET /meta/ad-accounts?sessionId: the ad accounts of a Meta login just made.
export const metaAccountsQuery = z.object({ sessionId: z.uuid() });

// POST /properties/{id}/data-sources/meta: the ad account chosen from that login, and a name.
export const metaSourceSchema = z.object({
  sessionId: z.uuid(),
  adAccountId: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, "Choose an ad account"),
  name: z.string().trim().max(255, "Maximum 255 characters").optional(),
});
export type MetaSourceInput = z.input<typeof metaSourceSchema>;
