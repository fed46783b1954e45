import { Link } from "@/components/ui/link";
import type { Insight } from "@/lib/api-client/types";
import { insightHref } from "./insight-card";

/** The questions the report asked that found nothing significant, in one line instead of one card each. */
export function NothingNotable({ projectId, insights }: { projectId: string; insights: Insight[] }) {
  if (insights.length === 0) return null;
  return (
    <p
      className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
      data-testid="nothing-notable"
    >
      <span className="font-medium text-slate-900">Also checked, nothing notable: </span>
      {insights.map((insight, i) => (
        <span key={insight._id}>
          {i > 0 ? ", " : null}
          <Link href={insightHref(projectId, insight._id)} className="underline-offset-2 hover:underline">
            {insight.title}
          </Link>
        </span>
      ))}
      .
    </p>
  );
}
