import "server-only";
import type { SplitLink } from "../../db/schema";
import { appUrl } from "../../env";

/** A split link as the API shows it: the public address to put in campaigns, its variants and state. */
export function splitLinkView(link: SplitLink) {
  return {
    _id: link.id,
    projectId: link.projectId,
    name: link.name,
    slug: link.slug,
    url: appUrl(`/s/${link.slug}`),
    status: link.status,
    variants: link.variants,
    primaryMetric: link.primaryMetric,
    minimumDetectablePct: link.minimumDetectablePct,
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
  };
}
export type SplitLinkView = ReturnType<typeof splitLinkView>;
