import "server-only";
import { count } from "drizzle-orm";
import { UPLOAD_SOURCE_KIND, UPLOAD_SOURCE_NAME } from "@/lib/constants/observations";
import { addDays } from "@/lib/dates";
import { defaultReportName } from "@/lib/insights/report-period";
import { hashPassword } from "../auth/password";
import { queueReport } from "../services/reports/report-status";
import { db } from "./client";
import { demoPeriod, loadDemoObservations } from "./demo-data/load";
import { LEADS, STORE } from "./demo-data/profiles";
import { agencies, clientProjects, clients, dataSources, users } from "./schema";

export const DEMO_EMAIL = "demo@funnelwise.local";
export const DEMO_CLIENT_NAME = "Northwind Outfitters";

/**
 * On an empty database, creates a confirmed demo agency and its admin so a newcomer can log in
 * at once, with a demo client, "Northwind Outfitters", whose two projects (an ecommerce store and
 * a lead generation site) hold about 15 months of daily data up to yesterday, with real events for
 * the first report to find (server/db/demo-data/events.ts), and a report of each project's last 28 days queued for
 * the worker: a newcomer's first look is a ready report, not "No reports yet", and `npm start` does not wait for it
 * (the worker generates it in seconds, the page follows its progress). Does nothing once any user exists, so it
 * never touches real data.
 */
export async function seedDemo(
  password: string,
  // The day the demo's data ends before (yesterday's is its last); tests fix it so its calendar's events fall alike.
  today = new Date(),
): Promise<{ email: string; password: string } | null> {
  const [{ total }] = await db().select({ total: count() }).from(users);
  if (total > 0) return null;
  const passwordHash = await hashPassword(password);
  const sites = await db().transaction(async (tx) => {
    const [agency] = await tx
      .insert(agencies)
      .values({
        name: "Demo Agency",
        website: "https://demo-agency.example",
        confirmedAt: new Date(),
        subscriptionStatus: "demo",
      })
      .returning({ id: agencies.id });
    const [admin] = await tx
      .insert(users)
      .values({
        agencyId: agency.id,
        email: DEMO_EMAIL,
        passwordHash,
        firstName: "Demo",
        lastName: "Admin",
        role: "agency",
        onboarding: false,
      })
      .returning({ id: users.id });
    const [client] = await tx
      .insert(clients)
      .values({
        agencyId: agency.id,
        name: DEMO_CLIENT_NAME,
        website: "https://northwind-outfitters.example",
        industry: "Shopping",
        country: "US",
      })
      .returning({ id: clients.id });
    const created = [];
    for (const profile of [STORE, LEADS]) {
      const [project] = await tx
        .insert(clientProjects)
        .values({
          agencyId: agency.id,
          clientId: client.id,
          name: profile.projectName,
          siteType: profile.siteType,
          url: profile.url,
          currency: "USD",
          timeZone: "America/New_York",
        })
        .returning({ id: clientProjects.id });
      const [source] = await tx
        .insert(dataSources)
        .values({
          agencyId: agency.id,
          projectId: project.id,
          sourceName: UPLOAD_SOURCE_NAME,
          kind: UPLOAD_SOURCE_KIND,
          name: "Analytics export (demo)",
          createdById: admin.id,
        })
        .returning({ id: dataSources.id });
      created.push({ profile, projectId: project.id, dataSourceId: source.id, agencyId: agency.id, adminId: admin.id });
    }
    return created;
  });
  // Each site's data in its own transaction, as an upload would load it.
  for (const site of sites)
    await loadDemoObservations(site.profile, { dataSourceId: site.dataSourceId, projectId: site.projectId }, today);
  const { end } = demoPeriod(today);
  for (const site of sites)
    await queueReport({
      agencyId: site.agencyId,
      projectId: site.projectId,
      name: defaultReportName(site.profile.projectName, addDays(end, -27), end),
      periodStart: addDays(end, -27),
      periodEnd: end,
      compareTo: "previous_period",
      createdById: site.adminId,
    });
  return { email: DEMO_EMAIL, password };
}
