import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { SHARE_LINK_MESSAGES } from "@/lib/constants/share-link-messages";
import { hashToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { clientProjects, clients, insights, reports, reportShareLinks } from "../../db/schema";
import { AppError, NotFoundError } from "../../errors";
import type { PublicServiceContext } from "../context";
import { loadTheme } from "../exports/load-theme";
import { insightView } from "../insights/insight-view";
import { headlineFigures } from "../reports/report-kpis";
import { shareLinkStatus } from "./share-link-view";

/** Gone for good (HTTP 410): the visitor is told why, and that a new link is needed. */
export class ShareLinkGoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

/**
 * POST /accessToken and the /shared/{token} page: the one report a share link opens, read-only,
 * in the project's look (agency → client → project). No account is needed; the token is the only
 * key, so an unknown token, an expired or revoked link, and a suspended client all end here with
 * a clear message. Each opening is counted for the link's list.
 */
export async function openSharedReport({ input }: { ctx: PublicServiceContext; input: { token: string } }) {
  const [link] = await db()
    .select()
    .from(reportShareLinks)
    .where(eq(reportShareLinks.tokenHash, hashToken(input.token)));
  if (!link) throw new NotFoundError(SHARE_LINK_MESSAGES.notFound);
  const status = shareLinkStatus(link);
  if (status !== "active") throw new ShareLinkGoneError(SHARE_LINK_MESSAGES[status]);

  const [row] = await db()
    .select({ report: reports, project: clientProjects, client: clients })
    .from(reports)
    .innerJoin(clientProjects, eq(clientProjects.id, reports.projectId))
    .innerJoin(clients, eq(clients.id, clientProjects.clientId))
    .where(and(eq(reports.id, link.reportId), eq(reports.agencyId, link.agencyId)));
  if (!row) throw new NotFoundError(SHARE_LINK_MESSAGES.notFound);
  if (row.client.status !== "active") throw new ShareLinkGoneError(SHARE_LINK_MESSAGES.revoked);

  const [rows, theme, figures] = await Promise.all([
    db()
      .select()
      .from(insights)
      .where(and(eq(insights.reportId, row.report.id), eq(insights.agencyId, link.agencyId)))
      .orderBy(asc(insights.rank), asc(insights.createdAt), asc(insights.id)),
    loadTheme({ agencyId: link.agencyId, clientId: row.client.id, projectId: row.project.id }),
    // The report page's headline figures, for the client too (only a ready report has them).
    row.report.status === "ready" ? headlineFigures(row.report, row.project) : null,
  ]);
  await db()
    .update(reportShareLinks)
    .set({ openCount: sql`${reportShareLinks.openCount} + 1`, lastOpenedAt: new Date() })
    .where(eq(reportShareLinks.id, link.id));

  return {
    report: {
      _id: row.report.id,
      name: row.report.name,
      periodStart: row.report.periodStart,
      periodEnd: row.report.periodEnd,
      compareTo: row.report.compareTo,
    },
    client: { name: row.client.name },
    project: { name: row.project.name, currency: row.project.currency },
    theme: {
      chartColor: theme.chartColor,
      palette: theme.palette,
      font: theme.font,
      reportTitle: theme.reportTitle,
      footerText: theme.footerText,
      logo: theme.logo ? `data:${theme.logo.mimeType};base64,${theme.logo.data.toString("base64")}` : null,
    },
    insights: rows.map((i) => insightView(i)),
    kpis: figures,
    expiresAt: link.expiresAt.toISOString(),
  };
}
export type SharedReport = Awaited<ReturnType<typeof openSharedReport>>;
