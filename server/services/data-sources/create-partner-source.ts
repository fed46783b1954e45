import "server-only";
import type { z } from "zod";
import { PARTNER_SOURCE_CHOICES } from "@/lib/constants/partner-sources";
import type { createPartnerSourceSchema } from "@/lib/validation/partner-sources";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import { enqueue } from "../../jobs/enqueue";
import { syncPartnerSourceJob } from "../../jobs/contracts/sync-partner-source";
import { log } from "../../log";
import type { ProjectServiceContext } from "../context";
import { dataSourceView } from "./data-source-view";

export const KEYWORD_PARTNER_SOURCE_NAME = PARTNER_SOURCE_CHOICES.keyword_partner.sourceName;
export const COMPETITOR_SOURCE_NAME = PARTNER_SOURCE_CHOICES.competitor.sourceName;

/**
 * POST /properties/{id}/data-sources/partner: a keyword-data partner (a Semrush Position Tracking
 * campaign and the tracked domain) or a competitor source (the competitors' domains), with its
 * first import queued at once.
 */
export async function createPartnerSource({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: z.output<typeof createPartnerSourceSchema>;
}) {
  const { project } = ctx.access;
  const keyword = input.kind === "keyword_partner";
  const [row] = await db()
    .insert(dataSources)
    .values({
      agencyId: project.agencyId,
      projectId: project.id,
      sourceName: keyword ? KEYWORD_PARTNER_SOURCE_NAME : COMPETITOR_SOURCE_NAME,
      kind: input.kind,
      name: input.name ?? (keyword ? `Keyword rankings: ${input.domain}` : "Competitors"),
      additional: keyword ? { campaignId: input.campaignId, domain: input.domain } : { competitors: input.competitors },
      createdById: ctx.actor.userId,
    })
    .returning();
  // The source exists either way; the daily sync picks it up if queuing fails now.
  await enqueue(syncPartnerSourceJob, { dataSourceId: row.id }, { singletonKey: row.id }).catch((error: unknown) =>
    log("warn", "could not queue the first partner sync", { dataSourceId: row.id, error: String(error) }),
  );
  return dataSourceView(row);
}
