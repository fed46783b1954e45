import "server-only";
import type { SplitTestAccess } from "../../auth/split-test-access";
import type { AccessServiceContext } from "../context";
import { computeResult, splitTestView } from "./split-test-view";

/** GET /urlsplitters/{id}: the question and its answer, computed from the store now. */
export async function getSplitTest({ ctx }: { ctx: AccessServiceContext<SplitTestAccess> }) {
  const test = ctx.access.splitTest;
  return splitTestView(test, await computeResult(test));
}
