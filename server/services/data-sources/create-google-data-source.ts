import "server-only";
import { googleSourceOf } from "@/lib/constants/google-sources";
import { GOOGLE_MESSAGES as M } from "@/lib/constants/messages";
import type { CreateGoogleDataSource } from "@/lib/validation/google-data-sources";
import { db } from "../../db/client";
import { dataSources, dataSourceSyncStates } from "../../db/schema";
import { BadRequestError, ValidationError } from "../../errors";
import type { OAuth2Client } from "../../integrations/google/auth";
import { listGa4Properties } from "../../integrations/google/ga4-admin";
import { listAccessibleCustomers } from "../../integrations/google/google-ads";
import { listUaProfiles } from "../../integrations/google/legacy-analytics";
import { listSites } from "../../integrations/google/search-console";
import type { ProjectServiceContext } from "../context";
import { userGoogleSession, withGoogle } from "../google-service/google-sessions";
import { dataSourceView } from "./data-source-view";
import { queueSync } from "./sync/queue-sync";

/** The signed-in Google account must see what was picked: a stale list fails here, not in the night's import. */
async function assertVisible(auth: OAuth2Client, input: CreateGoogleDataSource): Promise<void> {
  let visible: boolean;
  let field: string;
  switch (input.subType) {
    case "analytic-4": {
      const { analyticAccount, analyticProperty } = input.additional;
      visible = (await listGa4Properties(auth, analyticAccount)).some((p) => p.id === analyticProperty);
      field = "additional.analyticProperty";
      break;
    }
    case "analytic": {
      const { analyticAccount, analyticProperty, analyticProfile } = input.additional;
      visible = (await listUaProfiles(auth, analyticAccount, analyticProperty)).some((p) => p.id === analyticProfile);
      field = "additional.analyticProfile";
      break;
    }
    case "searchconsole":
      visible = (await listSites(auth)).some((s) => s.siteUrl === input.additional.analyticSite);
      field = "additional.analyticSite";
      break;
    case "ads":
      visible = (await listAccessibleCustomers(auth)).includes(input.additional.adsAccount);
      field = "additional.adsAccount";
      break;
  }
  if (!visible) throw new ValidationError({ [field]: M.noPropertyAccess }, M.noPropertyAccess);
}

/**
 * POST /properties/{id}/data-sources with kind "google": a source on the caller's Google sign-in,
 * with the selections of the wizard's Data Details step. Its first import is queued at once (one
 * queued import per source); the legacy Analytics generation has nothing left to import.
 */
export async function createGoogleDataSource({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: CreateGoogleDataSource;
}) {
  const session = await userGoogleSession(ctx.actor.userId);
  if (!session) throw new BadRequestError(M.signInRequired, { google: M.signInRequired });
  await withGoogle(ctx.actor, undefined, (auth) => assertVisible(auth, input));
  const kind = googleSourceOf(input.subType)!;
  const [row] = await db()
    .insert(dataSources)
    .values({
      agencyId: ctx.access.project.agencyId,
      projectId: ctx.access.project.id,
      sourceName: kind.sourceName,
      kind: "google",
      subType: input.subType,
      name: input.name ?? kind.label,
      additional: input.additional,
      thirdPartySessionId: session.id,
      createdById: ctx.actor.userId,
    })
    .returning();
  await db().insert(dataSourceSyncStates).values({ dataSourceId: row.id }).onConflictDoNothing();
  await queueSync(row);
  return dataSourceView(row);
}
