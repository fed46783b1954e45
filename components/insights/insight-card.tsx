"use client";

import { Link } from "@/components/ui/link";
import { useId, type ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Spinner } from "@/components/ui/spinner";
import type { Insight } from "@/lib/api-client/types";
import type { ChartLook } from "@/lib/hooks/use-chart-look";
import { NO_SIGNIFICANT_RESULTS, stageLabel } from "@/lib/insights/format-values";
import { InsightMiniChart } from "./insight-chart";
import { NarrativeText } from "./narrative-text";

interface InsightCardProps {
  insight: Insight;
  projectId: string;
  look: ChartLook;
  currency: string;
  /** With a selection: the checkbox "Select insight <title>". */
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
  /** Extra actions at the card's foot (e.g. "Remove from tag", "Unsave"). */
  actions?: ReactNode;
  headingLevel?: "h3" | "h2" | "h4";
  /** The report's period, said once above the cards: a finding spanning it is not dated again. */
  period?: { start: string; end: string };
}

export const insightHref = (projectId: string, insightId: string) =>
  `/client-projects/${projectId}/insights/${insightId}`;

/**
 * One insight: its title, the analyst's headline with the number, why, the next step, a small chart and the way
 * to its detail page (which has the question, the evidence and the full charts).
 */
export function InsightCard({
  insight,
  projectId,
  look,
  currency,
  selected,
  onSelectedChange,
  actions,
  headingLevel: Heading = "h3",
  period,
}: InsightCardProps) {
  const titleId = useId();
  const noResults = insight.findings.length === 0;
  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col rounded-xl border bg-white p-4 shadow-sm transition-colors sm:p-5 ${selected ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200"}`}
      data-testid="insight-card"
    >
      <div className="flex items-start gap-3">
        {onSelectedChange ? (
          <Checkbox
            checked={Boolean(selected)}
            onCheckedChange={(value) => onSelectedChange(value === true)}
            aria-label={`Select insight ${insight.title}`}
            className="mt-1"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
            {stageLabel(insight.funnelStage)}
          </p>
          <Heading id={titleId} className="mt-0.5 text-base font-semibold text-slate-900">
            <Link href={insightHref(projectId, insight._id)} className="hover:underline focus-visible:underline">
              {insight.title}
            </Link>
          </Heading>
        </div>
      </div>

      {insight.isWaitForGenerating ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> This insight is still being generated…
        </p>
      ) : noResults ? (
        <p className="mt-3 text-sm text-slate-700">{NO_SIGNIFICANT_RESULTS}</p>
      ) : (
        <NarrativeText insight={insight} currency={currency} period={period} className="mt-2" />
      )}
      {!noResults ? (
        <div className="mt-3">
          <InsightMiniChart insight={insight} look={look} currency={currency} />
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
        <Link
          href={insightHref(projectId, insight._id)}
          className="text-sm font-medium text-brand-700 underline underline-offset-2"
          aria-label={`Details of ${insight.title}`}
        >
          Details
        </Link>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </article>
  );
}
