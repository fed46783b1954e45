import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { SPLIT_LINK_KEYS, SPLIT_LINK_MESSAGES, type createSplitLinkSchema } from "@/lib/validation/split-links";
import { requireProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { splitLinks } from "../../db/schema";
import { ValidationError } from "../../errors";
import { isUniqueViolation } from "../accounts/unique-violation";
import type { ServiceContext } from "../context";
import { splitLinkView } from "./split-link-view";
import { requireSiteVariants } from "./variant-hosts";

/** A readable slug from the test's name, with a random tail so two "Pricing test"s do not collide. */
function slugFrom(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `${base || "test"}-${randomBytes(3).toString("hex")}`;
}

/** POST /split-links: Data Creators and above; every variant a page of the project's site. */
export async function createSplitLink({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof createSplitLinkSchema>;
}) {
  const { project, client } = await requireProjectAccess(ctx.actor, input.projectId, "report:manage");
  requireSiteVariants(
    input.variants.map((v) => v.url),
    project.url ?? client.website,
  );
  try {
    const [link] = await db()
      .insert(splitLinks)
      .values({
        agencyId: project.agencyId,
        projectId: project.id,
        name: input.name,
        slug: input.slug ?? slugFrom(input.name),
        variants: input.variants.map((v, i) => ({ key: SPLIT_LINK_KEYS[i], url: v.url, weight: v.weight })),
        primaryMetric: input.primaryMetric,
        minimumDetectablePct: input.minimumDetectablePct,
        createdById: ctx.actor.userId,
      })
      .returning();
    return splitLinkView(link);
  } catch (error) {
    if (isUniqueViolation(error, "split_links_slug_unique"))
      throw new ValidationError({ slug: SPLIT_LINK_MESSAGES.slugTaken });
    throw error;
  }
}
