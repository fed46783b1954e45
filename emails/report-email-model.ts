// What a report email says, independent of how it is drawn: the HTML template and the plain-text part
// both read this one model, so the two parts never disagree on a number.
import {
  formatChange,
  formatFindingChange,
  formatFindingPct,
  formatFindingValue,
  formatMetric,
  formatDay,
  formatPct,
  formatPeriod,
} from "../lib/insights/format-values";
import { alsoCheckedLine } from "../lib/insights/report-document";

/** The project's look, already resolved agency → client → project. */
export interface ReportEmailBrand {
  agencyName: string;
  /** An absolute URL mail clients can fetch (mail clients cannot reach a logged-in API). */
  logoUrl: string | null;
  chartColor: string;
  font: string;
  reportTitle: string;
  footerText: string;
}

export interface ReportEmailFinding {
  title: string;
  /** The finding told in one sentence, as the report page and the deck tell it. */
  headline?: string;
  /** What to do about it. */
  next?: string;
  /** The funnel stage or group label shown above the title. */
  stage: string;
  metric: string;
  /** Overrides the metric catalogue's unit (count, currency, percent, rank, ratio). */
  unit?: string;
  /**
   * The finding's kind and value unit: a level shift's values are daily levels ("2.01 a day"), a trend's are growth
   * rates ("−6.5 % per week"), a funnel step's are rates, not the metric's own unit.
   */
  kind?: string;
  valueUnit?: string | null;
  /** What the numbers are of, when the title does not say: "Conversions · Campaign: Generic · Nov 1 – Nov 26, 2026". */
  subject?: string;
  current: number | null;
  previous: number | null;
  /** Relative change as a fraction (0.12 = +12 %). */
  changePct: number | null;
  /** The estimated effect on the project's primary KPI, in its unit ("−1.4 deals won"), where the report quotes one. */
  kpiEffect?: string | null;
}

/** What a finding's two numbers are: an unusual day against its expected value, a period against its comparison. */
export function figureLabels(kind: string | undefined): { current: string; previous: string } {
  switch (kind) {
    case "anomaly":
      return { current: "Actual", previous: "Expected" };
    case "change":
    case "driver":
    case "funnel":
      return { current: "This period", previous: "Comparison" };
    default:
      return { current: "Now", previous: "Before" };
  }
}

/** The line under the link: whether it needs an account, and until when it opens the report. */
export function linkNote(m: Pick<ReportEmailModel, "linkExpiresAt">): string {
  return m.linkExpiresAt
    ? `A read-only copy of the report, no account needed; the link works until ${formatDay(m.linkExpiresAt.slice(0, 10))}.`
    : "The report in your agency's workspace.";
}

export const linkAction = (m: Pick<ReportEmailModel, "linkExpiresAt">) =>
  m.linkExpiresAt ? "View the report" : "Open the report";

/** One of the report's key figures, written as the report page reads it ("27", "▲ +22.7 % vs 22"). */
export interface ReportEmailFigure {
  label: string;
  value: string;
  change: string;
  /** "Within normal day-to-day variation" where the report's tests do not back the change. */
  note: string | null;
}

export interface ReportEmailModel {
  brand: ReportEmailBrand;
  clientName: string;
  projectName: string;
  currency: string;
  period: { start: string; end: string };
  /** The sender's own words, shown above the findings. */
  message?: string;
  findings: ReportEmailFinding[];
  /** The report's key figures, when a whole report is sent. */
  figures?: ReportEmailFigure[];
  /** How many findings the report holds in all (the email shows the top few). */
  totalFindings: number;
  /**
   * The report's other insights beyond the top few, one line each ("Revenue by channel: Revenue fell 6.9 % …"); with
   * "everything checked" they are the appendix of every question the report asked.
   */
  moreFindings?: string[];
  /** The questions checked that found nothing, told in one line as on the page, the deck and the workbook. */
  alsoChecked?: string[];
  reportUrl: string;
  /**
   * When the link stops opening the report: a client's share link (read-only, no account needed). Null for the
   * agency's own staff, whose link is the report in the app.
   */
  linkExpiresAt?: string | null;
  /** The attached file's name, so the body can point at it. */
  attachmentName?: string;
}

export interface FindingFigures {
  current: string;
  previous: string;
  change: string;
  changePct: string;
}

/** A finding's headline numbers in their units, as both parts print them. */
export function findingFigures(f: ReportEmailFinding, currency: string): FindingFigures {
  const change = f.current !== null && f.previous !== null ? f.current - f.previous : null;
  if (f.kind && !f.unit) {
    const of = { metric: f.metric, kind: f.kind, valueUnit: f.valueUnit };
    return {
      current: formatFindingValue(of, f.current, currency),
      previous: formatFindingValue(of, f.previous, currency),
      change: formatFindingChange(of, change, currency),
      changePct: formatFindingPct({ ...of, changePct: f.changePct }),
    };
  }
  return {
    current: formatMetric(f.metric, f.current, currency, { unit: f.unit }),
    previous: formatMetric(f.metric, f.previous, currency, { unit: f.unit }),
    change: formatChange(f.metric, change, currency, f.unit),
    changePct: formatPct(f.changePct),
  };
}

/** "−4.31 a day (−68.2 %)"; a trend's change in points alone, its values being rates already. */
export const changeText = (n: FindingFigures): string =>
  n.changePct === "–" ? n.change : `${n.change} (${n.changePct})`;

/** The heading over the report's other insights, below the top findings. */
export const MORE_FINDINGS_HEADING = "Also in the report";

export const reportEmailPeriod = (m: ReportEmailModel) => formatPeriod(m.period.start, m.period.end);

export function reportEmailPreview(m: ReportEmailModel): string {
  return `${m.brand.reportTitle} for ${m.clientName} – ${m.projectName}, ${reportEmailPeriod(m)}`;
}

/** The plain-text part: readable in any client, every number with its unit, the link in full. */
export function reportEmailText(m: ReportEmailModel): string {
  const lines: string[] = [m.brand.reportTitle, `${m.clientName} – ${m.projectName}`, reportEmailPeriod(m), ""];
  if (m.message) lines.push(m.message, "");
  if (m.figures?.length) {
    lines.push("Key figures:");
    for (const f of m.figures)
      lines.push(`   ${f.label}: ${f.value} (${f.change}${f.note ? `; ${f.note.toLowerCase()}` : ""})`);
    lines.push("");
  }
  if (m.findings.length === 0) {
    lines.push("No significant findings this period.", "");
  } else {
    lines.push(`Top findings (${m.findings.length} of ${m.totalFindings}):`, "");
    m.findings.forEach((f, i) => {
      const n = findingFigures(f, m.currency);
      const label = figureLabels(f.kind);
      lines.push(`${i + 1}. ${f.headline ?? f.title}`);
      if (f.headline) lines.push(`   ${f.title} (${f.stage})`);
      if (f.subject) lines.push(`   ${f.subject}`);
      const effect = f.kpiEffect ? ` · Effect on KPI: ${f.kpiEffect}` : "";
      lines.push(
        `   ${label.current}: ${n.current} · ${label.previous}: ${n.previous} · Change: ${changeText(n)}${effect}`,
      );
      if (f.next) lines.push(`   Next step: ${f.next}`);
      lines.push("");
    });
  }
  if (m.moreFindings?.length) {
    lines.push(`${MORE_FINDINGS_HEADING}:`);
    for (const line of m.moreFindings) lines.push(`   - ${line}`);
    lines.push("");
  }
  const also = alsoCheckedLine(m.alsoChecked ?? []);
  if (also) lines.push(also, "");
  if (m.attachmentName) lines.push(`The full report is attached: ${m.attachmentName}`);
  lines.push(`${linkAction(m)}: ${m.reportUrl}`, linkNote(m), "");
  if (m.brand.footerText) lines.push(m.brand.footerText);
  lines.push(`Sent by ${m.brand.agencyName}`);
  return `${lines.join("\n")}\n`;
}
