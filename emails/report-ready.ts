// The requester's report is ready: sent by the agency (its look) to the person who asked for the report, when they
// were not watching it finish or it took over a minute (server/services/reports/report-ready-notice.ts).
import { actionEmail, type EmailBrand, type RenderedEmail } from "./layout";

export function reportReadyEmail(p: {
  firstName: string;
  reportName: string;
  clientName: string;
  projectName: string;
  /** "Mar 4 – Mar 31, 2026". */
  period: string;
  insights: number;
  /** The top insight's title, when there is one. */
  topInsight: string | null;
  url: string;
  brand: EmailBrand;
}): RenderedEmail {
  const found =
    p.insights === 0
      ? "It found nothing notable in this period."
      : `It holds ${p.insights === 1 ? "1 insight" : `${p.insights} insights`}${p.topInsight ? `, led by “${p.topInsight}”` : ""}.`;
  return actionEmail({
    subject: `Your report is ready: ${p.reportName}`,
    greeting: `Hi ${p.firstName},`,
    body: `The report you asked for on ${p.clientName} – ${p.projectName} (${p.period}) is ready. ${found}`,
    action: "Open the report",
    url: p.url,
    footer: "You receive this because you asked for this report.",
    brand: p.brand,
  });
}
