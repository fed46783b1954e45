import { z } from "zod";

/** POST /users/third-party-session/{id}/revoke: which of the user's connections to end. */
export const revokeThirdPartySessionSchema = z.object({ session: z.uuid() });
