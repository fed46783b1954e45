"use client";

import { Link } from "@/components/ui/link";
import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import type { Insight } from "@/lib/api-client/types";
import { stageLabel } from "@/lib/insights/format-values";
import { insightHref } from "./insight-card";

/**
 * An insight in one line or two, for the groups under the top findings (data quality, other insights): its title and
 * the analyst's headline; the next step and the charts are on its page.
 */
export function InsightRow({
  insight,
  projectId,
  selected,
  onSelectedChange,
}: {
  insight: Insight;
  projectId: string;
  /** Kept for callers that pass them: the stored headline is already in the project's currency and the period's. */
  currency?: string;
  period?: { start: string; end: string };
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
}) {
  const titleId = useId();
  // The headline the narrator stored; a report from before it was kept shows its summary.
  const headline = insight.narration?.headline ?? (insight.findings.length > 0 ? insight.summary : null);
  return (
    <article aria-labelledby={titleId} className="flex items-start gap-3 px-3 py-2.5" data-testid="insight-row">
      {onSelectedChange ? (
        <Checkbox
          checked={Boolean(selected)}
          onCheckedChange={(value) => onSelectedChange(value === true)}
          aria-label={`Select insight ${insight.title}`}
          className="mt-0.5"
        />
      ) : null}
      <div className="min-w-0 flex-1 text-sm">
        <h4 id={titleId} className="font-medium text-slate-900">
          <Link href={insightHref(projectId, insight._id)} className="hover:underline focus-visible:underline">
            {insight.title}
          </Link>
          <span className="ml-2 text-xs font-normal text-slate-600">{stageLabel(insight.funnelStage)}</span>
        </h4>
        {headline ? <p className="text-slate-700">{headline}</p> : null}
      </div>
    </article>
  );
}
