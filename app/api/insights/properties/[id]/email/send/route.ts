import { readEmailSendForm } from "@/server/http/email-send-form";
import { json, withProjectAccess } from "@/server/http/route";
import { queueEmailDelivery } from "@/server/services/deliveries/queue-email-delivery";

// Anyone who may download the project's exports may email them.
export const POST = withProjectAccess("report:view", async (ctx, { req }) =>
  json(await queueEmailDelivery({ ctx, input: await readEmailSendForm(req) }), 202),
);
