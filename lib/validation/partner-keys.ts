import { z } from "zod";

// PUT /agencies/{id}/partner-keys/{provider}: the agency's own API key for Semrush or Similarweb.
export const partnerKeySchema = z.object({
  apiKey: z.string().trim().min(1, "Enter the API key").max(200, "Maximum 200 characters"),
});
export type PartnerKeyInput = z.input<typeof partnerKeySchema>;
