import { Link } from "@/components/ui/link";
import type { Insight } from "@/lib/api-client/types";
import { insightHref } from "./insight-card";

type NotRun = Extract<Insight["outcome"], { status: "not_run" }>;

/** What a question that could not run is grouped by: what it needs, or (naming no need) its reason as it stands. */
const groupOf = (outcome: NotRun) => (outcome.need ? `needs ${outcome.need}` : outcome.reason);

/**
 * The questions the report asked that found nothing significant, in one line instead of one card each; and, apart,
 * the ones it could not ask, grouped by what they need (not "checked": the data was not there). Both read the
 * insight's stored outcome.
 */
export function NothingNotable({ projectId, insights }: { projectId: string; insights: Insight[] }) {
  if (insights.length === 0) return null;
  const checked = insights.filter((i) => i.outcome.status !== "not_run");
  const skipped = new Map<string, { need: boolean; list: Insight[] }>();
  for (const insight of insights) {
    if (insight.outcome.status !== "not_run") continue;
    const key = groupOf(insight.outcome);
    const group = skipped.get(key) ?? { need: insight.outcome.need !== null, list: [] };
    group.list.push(insight);
    skipped.set(key, group);
  }
  const links = (list: Insight[]) =>
    list.map((insight, i) => (
      <span key={insight._id}>
        {i > 0 ? ", " : null}
        <Link href={insightHref(projectId, insight._id)} className="underline-offset-2 hover:underline">
          {insight.title}
        </Link>
      </span>
    ));
  return (
    <div
      className="space-y-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
      data-testid="nothing-notable"
    >
      {checked.length > 0 ? (
        <p>
          <span className="font-medium text-slate-900">Also checked, nothing notable: </span>
          {links(checked)}.
        </p>
      ) : null}
      {[...skipped].map(([key, { need, list }]) =>
        need ? (
          <p key={key} data-testid="not-run">
            <span className="font-medium text-slate-900">Not run, {list.length === 1 ? "needs" : "each needs"} </span>
            {key.slice("needs ".length).replace(/\.$/, "")}: {links(list)}.
          </p>
        ) : (
          <p key={key} data-testid="not-run">
            <span className="font-medium text-slate-900">Not run: </span>
            {links(list)}, as {key.replace(/\.$/, "")}.
          </p>
        ),
      )}
    </div>
  );
}
