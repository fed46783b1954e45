import { Link } from "@/components/ui/link";
import type { Insight } from "@/lib/api-client/types";
import { insightHref } from "./insight-card";

const SKIPPED = /^Skipped:\s*/;

/**
 * Why a question was not run, shared by the questions it stopped: what it needs ("needs advertising data — connect
 * Google Ads …"), or the reason as it stands when it names no need ("a single day's leads can be told apart from
 * chance only with about 3 leads a day; …").
 */
function needOf(insight: Insight): string {
  const reason = insight.summary.replace(SKIPPED, "");
  const need = reason.match(/\bneeds? (.*)$/)?.[1];
  return need ? `needs ${need}` : reason;
}

/**
 * The questions the report asked that found nothing significant, in one line instead of one card each; and,
 * apart, the ones it could not ask, grouped by what they need (not "checked": the data was not there).
 */
export function NothingNotable({ projectId, insights }: { projectId: string; insights: Insight[] }) {
  const checked = insights.filter((i) => !SKIPPED.test(i.summary));
  const skipped = new Map<string, Insight[]>();
  for (const insight of insights.filter((i) => SKIPPED.test(i.summary)))
    skipped.set(needOf(insight), [...(skipped.get(needOf(insight)) ?? []), insight]);
  if (insights.length === 0) return null;
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
      {[...skipped].map(([need, list]) =>
        need.startsWith("needs ") ? (
          <p key={need} data-testid="not-run">
            <span className="font-medium text-slate-900">Not run, {list.length === 1 ? "needs" : "each needs"} </span>
            {need.slice("needs ".length).replace(/\.$/, "")}: {links(list)}.
          </p>
        ) : (
          <p key={need} data-testid="not-run">
            <span className="font-medium text-slate-900">Not run: </span>
            {links(list)}, as {need.replace(/\.$/, "")}.
          </p>
        ),
      )}
    </div>
  );
}
