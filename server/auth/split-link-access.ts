import "server-only";
import type { ClientAction } from "@/lib/permissions";
import { splitLinks, type SplitLink } from "../db/schema";
import type { Actor } from "./actor";
import { projectChildAccess, type ProjectChildAccess } from "./child-access";

/** /split-links/{id}: through the link's project, with the same 404/403 rules as split tests and reports. */
export type SplitLinkAccess = ProjectChildAccess<"splitLink", SplitLink>;
export const requireSplitLinkAccess: (actor: Actor, id: string, action: ClientAction) => Promise<SplitLinkAccess> =
  projectChildAccess("splitLink", splitLinks);
