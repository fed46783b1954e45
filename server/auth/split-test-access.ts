import "server-only";
import type { ClientAction } from "@/lib/permissions";
import { splitUrlTests, type SplitUrlTest } from "../db/schema";
import type { Actor } from "./actor";
import { projectChildAccess, type ProjectChildAccess } from "./child-access";

/** /urlsplitters/{id}: through the test's project, with the same 404/403 rules as reports and tags. */
export type SplitTestAccess = ProjectChildAccess<"splitTest", SplitUrlTest>;
export const requireSplitTestAccess: (actor: Actor, id: string, action: ClientAction) => Promise<SplitTestAccess> =
  projectChildAccess("splitTest", splitUrlTests);
