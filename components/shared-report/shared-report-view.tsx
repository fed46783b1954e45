"use client";

import { EvidenceTable } from "@/components/insights/evidence-table";
import { InsightMiniChart } from "@/components/insights/insight-chart";
import { KeyNumbers, headlineFinding } from "@/components/insights/key-numbers";
import { KpiFigures } from "@/components/insights/kpi-strip";
import { NarrativeText } from "@/components/insights/narrative-text";
import type { SharedReport } from "@/lib/api-client/file-storage";
import type { Insight } from "@/lib/api-client/types";
import {
  COMPARE_TO_LABELS,
  INSIGHT_GROUPS,
  NO_SIGNIFICANT_RESULTS,
  formatPeriod,
  stageLabel,
} from "@/lib/insights/format-values";
import { formatDate } from "@/lib/format";
import { fontStack } from "@/lib/font-stack";
import { ownReportName } from "@/lib/insights/report-period";
import { alsoCheckedLine, reportDocument } from "@/lib/insights/report-document";

/**
 * A shared report as the agency's client sees it: the project's look (logo, colours, font, report
 * title and footer), the insights in their groups with key numbers, chart and evidence, and
 * nothing to edit, select or follow into the app.
 */
export function SharedReportView({ shared }: { shared: SharedReport }) {
  const { theme, report, project, client } = shared;
  // The client's document: the findings in their groups, one line for what found nothing, and nothing about
  // questions that could not run (those are the agency's to fix, and its page says why).
  const doc = reportDocument(shared.insights as unknown as Insight[]);
  const insights = doc.notable;
  const also = alsoCheckedLine(doc.nothingNotable.map((i) => i.title));
  const look = { chartColor: theme.chartColor, palette: theme.palette, font: theme.font };
  return (
    <div className="min-h-dvh bg-slate-50" style={{ fontFamily: fontStack(theme.font) }}>
      <header className="border-b-4 bg-white" style={{ borderColor: theme.chartColor }}>
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-4 px-4 py-5 sm:px-6">
          {theme.logo ? <img src={theme.logo} alt={`${client.name} logo`} className="h-12 w-auto" /> : null}
          <div>
            <p className="text-sm font-medium tracking-wide uppercase" style={{ color: theme.chartColor }}>
              {theme.reportTitle}
            </p>
            <h1 className="text-2xl font-semibold text-slate-900">{`${client.name} · ${project.name}`}</h1>
            <p className="text-sm text-slate-600">
              {ownReportName(report, project.name) ? `${ownReportName(report, project.name)} · ` : ""}
              {formatPeriod(report.periodStart, report.periodEnd)}
              {report.compareTo ? ` · compared with the ${COMPARE_TO_LABELS[report.compareTo].toLowerCase()}` : ""}
            </p>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
        {shared.kpis && shared.kpis.kpis.length > 0 ? (
          <section aria-labelledby="shared-figures" className="space-y-3">
            <h2 id="shared-figures" className="text-lg font-semibold text-slate-900">
              Key figures
            </h2>
            <KpiFigures figures={shared.kpis} look={look} />
          </section>
        ) : null}
        {insights.length === 0 ? (
          <p className="text-slate-700">
            {shared.insights.length === 0
              ? "This report has no insights."
              : "Nothing significant changed in this period."}
          </p>
        ) : null}
        {INSIGHT_GROUPS.map((group) => {
          const inGroup = insights.filter((i) => i.group === group.key);
          if (inGroup.length === 0) return null;
          return (
            <section key={group.key} aria-labelledby={`shared-${group.key}`} className="space-y-3">
              <h2 id={`shared-${group.key}`} className="text-lg font-semibold text-slate-900">
                {group.label} <span className="text-sm font-normal text-slate-600">({inGroup.length})</span>
              </h2>
              {/* minmax(0, 1fr) columns: an evidence table scrolls in its card, not across a phone's page. */}
              <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label={group.label}>
                {inGroup.map((insight) => (
                  <li key={insight._id}>
                    <SharedInsight
                      insight={insight}
                      look={look}
                      currency={project.currency}
                      period={{ start: report.periodStart, end: report.periodEnd }}
                    />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        {also ? (
          <p
            className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700"
            data-testid="also-checked"
          >
            {also}
          </p>
        ) : null}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-5xl px-4 py-4 text-sm text-slate-600 sm:px-6">
          {theme.footerText ? <p>{theme.footerText}</p> : null}
          <p>{`A read-only copy shared with you. This link works until ${formatDate(shared.expiresAt)}.`}</p>
        </div>
      </footer>
    </div>
  );
}

function SharedInsight({
  insight,
  look,
  currency,
  period,
}: {
  insight: Insight;
  look: { chartColor: string; palette: string[]; font: string };
  currency: string;
  /** The report's period, said once in its header: findings spanning exactly it are not dated again. */
  period: { start: string; end: string };
}) {
  const headline = headlineFinding(insight.findings);
  const noResults = insight.findings.length === 0;
  return (
    <article
      aria-label={insight.title}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="shared-insight"
    >
      <p className="text-xs font-medium tracking-wide uppercase" style={{ color: look.chartColor }}>
        {stageLabel(insight.funnelStage)}
      </p>
      <h3 className="mt-0.5 text-base font-semibold text-slate-900">{insight.title}</h3>
      <p className="mt-1 text-sm text-slate-600 italic">{insight.intention.question}</p>
      {noResults ? (
        <p className="mt-3 text-sm text-slate-700">{NO_SIGNIFICANT_RESULTS}</p>
      ) : (
        <>
          <NarrativeText insight={insight} currency={currency} period={period} className="mt-3" />
          {headline ? <KeyNumbers finding={headline} currency={currency} className="mt-3" /> : null}
          <div className="mt-3">
            <InsightMiniChart insight={insight} look={look} currency={currency} />
          </div>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-slate-700">Evidence</summary>
            <div className="mt-2 overflow-x-auto">
              <EvidenceTable findings={insight.findings} currency={currency} />
            </div>
          </details>
        </>
      )}
    </article>
  );
}
