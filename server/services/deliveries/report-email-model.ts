import "server-only";
import type { ReportEmailFinding, ReportEmailModel } from "@/emails/report-email-model";
import { stageLabel } from "@/lib/insights/format-values";
import type { ExportModel } from "../../exports/export-model";

/** How many findings the email shows; the attachment and the link carry the rest. */
export const EMAIL_TOP_FINDINGS = 5;

/**
 * The email's content from the same export model the attachment is built from, so the numbers in
 * the body and in the file agree. Each of the top insights (in rank order) contributes its leading
 * finding, the one with the headline numbers.
 */
export function toReportEmailModel(
  model: ExportModel,
  extra: { agencyName: string; reportUrl: string; message?: string },
): ReportEmailModel {
  const findings: ReportEmailFinding[] = [];
  let total = 0;
  for (const insight of model.insights) {
    total += insight.findings.length;
    const lead = insight.findings.find((f) => f.current !== null || f.baseline !== null);
    if (!lead || findings.length >= EMAIL_TOP_FINDINGS) continue;
    findings.push({
      title: insight.title,
      stage: stageLabel(insight.group === "data_quality" ? "audit" : insight.funnelStage),
      metric: lead.metric,
      current: lead.current,
      previous: lead.baseline,
      changePct: lead.changePct,
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
    totalFindings: total,
    reportUrl: extra.reportUrl,
  };
}
