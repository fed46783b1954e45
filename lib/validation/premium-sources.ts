import { z } from "zod";

// POST /properties/{id}/data-sources/connect/{integration}: the source's name and, for Shopify, the store.
export const premiumConnectSchema = z.object({
  name: z.string().trim().max(255, "Maximum 255 characters").optional(),
  shop: z.string().trim().max(255).optional(),
});
export type PremiumConnectInput = z.input<typeof premiumConnectSchema>;
