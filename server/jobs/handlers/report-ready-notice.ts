import "server-only";
import { and, asc, count, eq, ne } from "drizzle-orm";
import { reportReadyEmail } from "@/emails/report-ready";
import { formatPeriod } from "@/lib/insights/format-values";
import { db } from "../../db/client";
import { agencies, clientProjects, clients, insights, reports, users } from "../../db/schema";
import { appUrl } from "../../env";
import { sendMail } from "../../integrations/email/transport";
import { loadTheme } from "../../services/exports/load-theme";
import { reportReadyNoticeJob } from "../contracts/report-ready-notice";
import { defineJobHandler } from "../define-job";

const LOGO_CID = "agency-logo@funnelwise";

/**
 * Emails the requester the link to their ready report, from the agency (its name as the sender, its logo, colour,
 * font and footer: the project's look), then records it sent, so a retry after a sent email sends nothing again.
 * A report deleted, failed or re-run meanwhile, or a requester no longer in the agency, gets nothing.
 */
export const reportReadyNoticeHandler = defineJobHandler(reportReadyNoticeJob, async ({ reportId }) => {
  const [row] = await db()
    .select({ report: reports, project: clientProjects, client: clients, agency: agencies, user: users })
    .from(reports)
    .innerJoin(clientProjects, eq(clientProjects.id, reports.projectId))
    .innerJoin(clients, eq(clients.id, clientProjects.clientId))
    .innerJoin(agencies, eq(agencies.id, reports.agencyId))
    .innerJoin(users, and(eq(users.id, reports.createdById), eq(users.agencyId, reports.agencyId)))
    .where(eq(reports.id, reportId));
  if (!row || row.report.status !== "ready" || row.report.readyNoticeSentAt) return;
  const { report, project, client, agency, user } = row;

  const notable = and(eq(insights.reportId, reportId), ne(insights.group, "data_quality"));
  const [[{ n }], [top]] = await Promise.all([
    db().select({ n: count() }).from(insights).where(eq(insights.reportId, reportId)),
    db()
      .select({ title: insights.title })
      .from(insights)
      .where(notable)
      .orderBy(asc(insights.rank), asc(insights.createdAt))
      .limit(1),
  ]);
  const theme = await loadTheme({ agencyId: agency.id, clientId: client.id, projectId: project.id });
  const email = reportReadyEmail({
    firstName: user.firstName,
    reportName: report.name ?? project.name,
    clientName: client.name,
    projectName: project.name,
    period: formatPeriod(report.periodStart, report.periodEnd),
    insights: n,
    topInsight: top?.title ?? null,
    url: appUrl(`/client-projects/${project.id}?report=${report.id}`),
    brand: {
      name: agency.name,
      color: theme.chartColor,
      logoSrc: theme.logo ? `cid:${LOGO_CID}` : null,
      font: theme.font,
      footerText: theme.footerText,
    },
  });
  await sendMail({
    to: user.email,
    fromName: agency.name,
    messageId: `<report-ready-${report.id}@funnelwise>`,
    ...email,
    attachments: theme.logo
      ? [
          {
            filename: `logo.${theme.logo.mimeType === "image/png" ? "png" : "jpg"}`,
            content: theme.logo.data,
            contentType: theme.logo.mimeType,
            cid: LOGO_CID,
          },
        ]
      : [],
  });
  await db().update(reports).set({ readyNoticeSentAt: new Date() }).where(eq(reports.id, reportId));
});
