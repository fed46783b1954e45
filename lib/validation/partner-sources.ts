import { z } from "zod";
import { PARTNER_MESSAGES as M } from "../constants/partner-messages";
import { isUrl, optionalText, requiredText } from "./fields";

/** A site's host as the providers want it: lower case, no scheme, path or leading www. */
export function domainOf(value: string): string {
  const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  return url.hostname.toLowerCase().replace(/^www\./, "");
}

const domain = z
  .string()
  .trim()
  .min(1, M.domainInvalid)
  .max(255, M.domainInvalid)
  .refine((v) => isUrl(v), M.domainInvalid);

/** Competitor domains: each a valid URL (kept as its host), none twice (www. and scheme aside). */
export const competitorDomainsSchema = z
  .array(domain)
  .min(1, M.competitorsRequired)
  .max(10)
  .superRefine((values, ctx) => {
    const seen = new Set<string>();
    values.forEach((value, index) => {
      if (!isUrl(value)) return;
      const host = domainOf(value);
      if (seen.has(host)) ctx.addIssue({ code: "custom", message: M.domainDuplicate, path: [index] });
      seen.add(host);
    });
  })
  .transform((values) => values.map(domainOf));

/** POST /properties/{id}/data-sources/partner: a keyword-data partner or a competitor source. */
export const createPartnerSourceSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("keyword_partner"),
    name: optionalText("Name"),
    /** The Semrush Position Tracking campaign ("{projectId}_{campaignId}"). */
    campaignId: requiredText("Tracking campaign").pipe(
      z.string().regex(/^\d+_\d+$/, "Use the campaign id as Semrush shows it, such as 12920575_1209408"),
    ),
    domain: domain.transform(domainOf),
  }),
  z.object({
    kind: z.literal("competitor"),
    name: optionalText("Name"),
    competitors: competitorDomainsSchema,
  }),
]);
export type CreatePartnerSourceInput = z.input<typeof createPartnerSourceSchema>;
