import "server-only";
import type { ReportEmailFigure, ReportEmailFinding, ReportEmailModel } from "@/emails/report-email-model";
import {
  formatKpiEffect,
  formatMetric,
  formatPct,
  metricLabel,
  ownRatesClause,
  stageLabel,
} from "@/lib/insights/format-values";
import { changeArrow, figureReading } from "@/lib/insights/headline-kpis";
import { findingDays, headlineFinding, kpiEffectOf, storyOf } from "../../exports/export-format";
import type { ExportFigure, ExportFinding, ExportModel } from "../../exports/export-model";
import { periodText, segmentText } from "../../exports/pptx/evidence-rows";

/** How many findings the email shows; the attachment and the link carry the rest. */
export const EMAIL_TOP_FINDINGS = 5;

/**
 * The email's content from the same export model the attachment is built from, so the numbers in
 * the body and in the file agree. Each of the top insights (in rank order) contributes its leading
 * finding, the one with the headline numbers.
 */
export function toReportEmailModel(
  model: ExportModel,
  extra: { agencyName: string; reportUrl: string; linkExpiresAt?: Date | null; message?: string },
): ReportEmailModel {
  const findings: ReportEmailFinding[] = [];
  const more: string[] = [];
  let total = 0;
  const currency = model.project.currency;
  for (const insight of model.insights) {
    total += insight.findings.length;
    // The data quality audit is the agency's to-do list, not news for its client; it stays in the file and the link.
    if (insight.group === "data_quality") continue;
    // The numbers the card and the file lead with (a segment's shift before the segments it moved with).
    const lead = headlineFinding(insight);
    const story = storyOf(insight);
    if (findings.length >= EMAIL_TOP_FINDINGS || !lead || (lead.current === null && lead.baseline === null)) {
      // Past the top few, or without figures to set side by side: one line, so the email still names everything
      // the attachment and the link hold (with "everything checked", the appendix of every question asked).
      if (insight.findings.length > 0) more.push(moreLine(insight.title, story?.headline));
      continue;
    }
    const effect = kpiEffectOf(insight);
    findings.push({
      title: insight.title,
      headline: story?.headline,
      next: story?.next || undefined,
      stage: stageLabel(insight.funnelStage),
      metric: lead.metric,
      kind: lead.kind,
      valueUnit: lead.valueUnit ?? null,
      subject: subjectOf(lead, model.period),
      current: lead.current,
      previous: lead.baseline,
      changePct: lead.changePct,
      kpiEffect: effect ? stated(formatKpiEffect(effect.effect, effect.metric, currency), lead) : null,
    });
  }
  return {
    brand: {
      agencyName: extra.agencyName,
      logoUrl: null,
      chartColor: model.theme.chartColor,
      font: model.theme.font,
      reportTitle: model.theme.reportTitle,
      footerText: model.theme.footerText,
    },
    clientName: model.client.name,
    projectName: model.project.name,
    currency: model.project.currency,
    period: { start: model.period.start, end: model.period.end },
    message: extra.message,
    findings,
    figures: (model.figures ?? []).map((f) => figureLine(f, currency)),
    totalFindings: total,
    moreFindings: more,
    alsoChecked: model.alsoChecked ?? [],
    reportUrl: extra.reportUrl,
    linkExpiresAt: extra.linkExpiresAt ? extra.linkExpiresAt.toISOString() : null,
  };
}

/**
 * What a finding's numbers are of: the metric, the segment when it is one, and the days when they are not the report's
 * ("Conversions · Campaign: Generic - Workwear Supplier · Nov 1, 2026 – Nov 26, 2026"). "Lasting changes in one
 * segment" above "Now: 2.01 a day" said neither which number nor where.
 */
function subjectOf(f: ExportFinding, period: { start: string; end: string }): string {
  const days = findingDays(f);
  const own = days.start !== period.start || days.end !== period.end;
  return [
    metricLabel(f.metric),
    ...(f.dimension && f.dimensionValue ? [segmentText(f)] : []),
    ...(own ? [periodText(f)] : []),
  ].join(" · ");
}

/** A key figure as the report page reads it: its total, its change against the comparison, and whether it is news. */
function figureLine(f: ExportFigure, currency: string): ReportEmailFigure {
  const value = (v: number | null) => formatMetric(f.metric, v, currency, { unit: f.unit });
  const reading = figureReading(f);
  return {
    label: metricLabel(f.metric),
    value: value(f.current),
    change: `${changeArrow(reading.direction)}${formatPct(f.changePct)} vs ${value(f.baseline)}`,
    note: reading.note,
  };
}

/** "Revenue by channel: Revenue fell 6.9 % to $99,744.10 (…)", or the title alone when the insight has no headline. */
const moreLine = (title: string, headline: string | undefined) => (headline ? `${title}: ${headline}` : title);

/** An effect as the card states it, with where the rest of a diluted rate's change went; "–" alone when none. */
const stated = (effect: string, lead: object) => (effect === "–" ? effect : effect + ownRatesClause(lead));
