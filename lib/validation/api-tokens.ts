import { z } from "zod";
import { MESSAGES, maxLengthMessage } from "../constants/messages";

/** POST /api-tokens: a name that says what the token is for ("Looker dashboard", "Zapier"). */
export const createApiTokenSchema = z.object({
  name: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(100, maxLengthMessage("Name", 100)),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;
