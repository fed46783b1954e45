import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alertDigestEmail } from "@/emails/alert-digest";
import { isoDateOfUtc } from "@/lib/dates";
import { db, type Tx } from "../../db/client";
import {
  agencies,
  alertDigests,
  alertNotifications,
  alertPreferences,
  clientProjects,
  clients,
  clientStaff,
  projectAlerts,
  users,
} from "../../db/schema";
import { appUrl } from "../../env";
import { sendMail } from "../../integrations/email/transport";
import { loadTheme } from "../exports/load-theme";
import { alertPath } from "./alert-link";

const LOGO_CID = "agency-logo@funnelwise";
/** A digest lists this many alerts; the rest are in the bell. */
const DIGEST_MAX_ITEMS = 20;

export type DigestOutcome = "sent" | "nothing" | "already-sent-today";

/**
 * Emails one person their alerts not yet emailed, at most once a UTC day: the day's row and the alerts' `emailed_at`
 * are written before the email goes, so a worker restarted after the send sends nothing again (at most once). A send
 * that fails undoes both, so the job's retry sends it. Alerts they read in the app meanwhile, of projects they no
 * longer see or turned off, are left out.
 */
export async function sendAlertDigest(userId: string, now = new Date()): Promise<DigestOutcome> {
  const day = isoDateOfUtc(now);
  const claimed = await db().transaction(async (tx) => {
    const [claim] = await tx
      .insert(alertDigests)
      .values({ userId, day, sentAt: now })
      .onConflictDoNothing()
      .returning({ userId: alertDigests.userId });
    if (!claim) return "already-sent-today" as const;
    const pending = await tx
      .select({
        id: alertNotifications.id,
        readAt: alertNotifications.readAt,
        alert: projectAlerts,
        projectName: clientProjects.name,
        clientId: clients.id,
        clientName: clients.name,
        user: users,
        agencyName: agencies.name,
        visible: sql<boolean>`(${users.role} = 'agency' or ${clientStaff.userId} is not null)
          and ${clients.status} = 'active' and coalesce(${alertPreferences.level}::text, 'significant') <> 'off'`,
      })
      .from(alertNotifications)
      .innerJoin(users, and(eq(users.id, alertNotifications.userId), eq(users.agencyId, alertNotifications.agencyId)))
      .innerJoin(agencies, eq(agencies.id, users.agencyId))
      .innerJoin(projectAlerts, eq(projectAlerts.id, alertNotifications.alertId))
      .innerJoin(clientProjects, eq(clientProjects.id, projectAlerts.projectId))
      .innerJoin(clients, eq(clients.id, clientProjects.clientId))
      .leftJoin(clientStaff, and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, users.id)))
      .leftJoin(
        alertPreferences,
        and(eq(alertPreferences.userId, users.id), eq(alertPreferences.projectId, clientProjects.id)),
      )
      .where(and(eq(alertNotifications.userId, userId), isNull(alertNotifications.emailedAt)))
      .orderBy(desc(alertNotifications.createdAt));
    const shown = pending.filter((p) => p.visible && !p.readAt).slice(0, DIGEST_MAX_ITEMS);
    if (shown.length === 0) {
      // Nothing to tell: today's one email is still to come.
      await tx.delete(alertDigests).where(and(eq(alertDigests.userId, userId), eq(alertDigests.day, day)));
      if (pending.length > 0)
        await markEmailed(
          tx,
          pending.map((p) => p.id),
          now,
        );
      return "nothing" as const;
    }
    await markEmailed(
      tx,
      pending.map((p) => p.id),
      now,
    );
    return { shown, ids: pending.map((p) => p.id) };
  });
  if (typeof claimed === "string") return claimed;

  const { shown, ids } = claimed;
  const [lead] = shown;
  try {
    const theme = await loadTheme({
      agencyId: lead.user.agencyId,
      clientId: lead.clientId,
      projectId: lead.alert.projectId,
    });
    const email = alertDigestEmail({
      firstName: lead.user.firstName,
      items: shown.map((s) => ({
        clientName: s.clientName,
        projectName: s.projectName,
        headline: s.alert.headline,
        url: appUrl(alertPath(s.alert)),
      })),
      appUrl: appUrl("/dashboard"),
      brand: {
        name: lead.agencyName,
        color: theme.chartColor,
        logoSrc: theme.logo ? `cid:${LOGO_CID}` : null,
        font: theme.font,
        footerText: theme.footerText,
      },
    });
    await sendMail({
      to: lead.user.email,
      fromName: lead.agencyName,
      messageId: `<alert-digest-${userId}-${day}@funnelwise>`,
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
    return "sent";
  } catch (error) {
    // Not sent: give the day and the alerts back, so the retry sends this digest.
    await db().transaction(async (tx) => {
      await tx.delete(alertDigests).where(and(eq(alertDigests.userId, userId), eq(alertDigests.day, day)));
      await tx.update(alertNotifications).set({ emailedAt: null }).where(inArray(alertNotifications.id, ids));
    });
    throw error;
  }
}

async function markEmailed(tx: Tx, ids: string[], now: Date) {
  await tx.update(alertNotifications).set({ emailedAt: now }).where(inArray(alertNotifications.id, ids));
}

/** Everyone with alerts not yet emailed (the daily run: digests an earlier one that day held back). */
export async function usersWithPendingAlerts(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ userId: alertNotifications.userId })
    .from(alertNotifications)
    .where(and(isNull(alertNotifications.emailedAt), isNull(alertNotifications.readAt)));
  return rows.map((r) => r.userId);
}
