import { randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import { encryptSecret } from "@/server/auth/encryption";
import {
  customizations,
  dataSources,
  insights,
  insightTags,
  reportDeliveries,
  reportShareLinks,
  schedules,
  thirdPartySessions,
} from "@/server/db/schema";
import type { ApiRouteModule } from "@/test/api-route-modules";
import { createAgency, createUser } from "@/test/factories";
import { resetDatabase } from "@/test/db";
import { ACCOUNTS, type startDropboxForTests } from "@/test/dropbox-fixtures";
import { insertReport } from "@/test/report-fixtures";
import { insertClient, insertProject, share } from "@/test/search-fixtures";

// The world the tests that call every route share (the fuzz test, the cross-site test): what each route's path ids
// can name, and how a path is filled in.

type DropboxFake = Awaited<ReturnType<typeof startDropboxForTests>>;
export type World = Awaited<ReturnType<typeof buildWorld>>;

/** One agency with a row of every kind a route takes by id, and the id each path segment most likely names. */
export async function buildWorld(dropboxFake: DropboxFake) {
  await resetDatabase();
  const main = await createAgency();
  const client = await insertClient(main.agency.id, "Northwind", "northwind.example");
  const project = await insertProject(client, "Shop", "shop.northwind.example");
  const viewer = await createUser({ agencyId: main.agency.id, role: "staff" });
  await share(client.id, viewer.user.id, 1);
  const report = await insertReport(project);
  const [upload] = await db()
    .insert(dataSources)
    .values({ agencyId: main.agency.id, projectId: project.id, sourceName: "upload", kind: "own", name: "Export" })
    .returning();
  const agencyId = main.agency.id;
  const [insight] = await db()
    .insert(insights)
    .values({
      agencyId,
      projectId: project.id,
      reportId: report.id,
      intentionKey: "sessions-drop",
      group: "most_impactful",
      funnelStage: "exploration",
      title: "Sessions fell",
      summary: "Sessions fell by a third.",
    })
    .returning();
  const [tag] = await db().insert(insightTags).values({ agencyId, projectId: project.id, name: "Board" }).returning();
  const tokens = dropboxFake.issueTokens(ACCOUNTS.basic);
  const [dropbox] = await db()
    .insert(thirdPartySessions)
    .values({
      agencyId,
      userId: main.admin.id,
      type: "dropbox",
      accessTokenEncrypted: encryptSecret(tokens.accessToken),
      refreshTokenEncrypted: encryptSecret(tokens.refreshToken),
      expiresAt: new Date(Date.now() + tokens.expiresIn * 1000),
      additionalInfo: {
        email: "lena.basic@example.com",
        displayName: "Lena",
        accountId: ACCOUNTS.basic,
        accountType: "basic",
        isTeam: false,
        root: "1001",
        homeNamespaceId: "1001",
        homePath: "",
        isActive: true,
        connectedAt: new Date().toISOString(),
      },
    })
    .returning();
  const [schedule] = await db()
    .insert(schedules)
    .values({
      agencyId,
      projectId: project.id,
      userId: main.admin.id,
      delivery: "email",
      frequency: "weekly",
      weekday: 1,
      recipients: ["owner@example.com"],
    })
    .returning();
  const [delivery] = await db()
    .insert(reportDeliveries)
    .values({
      agencyId,
      projectId: project.id,
      userId: main.admin.id,
      target: "email",
      options: { recipients: ["owner@example.com"] },
      selection: { reportId: report.id },
      status: "failed",
      error: "Refused by the mail server",
    })
    .returning();
  const [link] = await db()
    .insert(reportShareLinks)
    .values({
      agencyId,
      reportId: report.id,
      createdById: main.admin.id,
      tokenHash: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [look] = await db()
    .insert(customizations)
    .values({ agencyId, level: "agency", chartColor: "#336699" })
    .returning();
  const ids = [
    ...[main.agency.id, client.id, project.id, viewer.user.id, main.admin.id, report.id, upload.id],
    ...[insight.id, tag.id, dropbox.id, schedule.id, delivery.id, link.id, look.id],
  ];
  // The id a path most likely wants, by the segment before it (or its own name), so fuzzed requests
  // get past the 404 on every route, the later ones (schedules, deliveries, share links) included.
  const byResource: Record<string, string> = {
    agencies: main.agency.id,
    clients: client.id,
    properties: project.id,
    "data-sources": upload.id,
    reports: report.id,
    users: viewer.user.id,
    insights: insight.id,
    tags: tag.id,
    schedules: schedule.id,
    deliveries: delivery.id,
    reportTokens: link.id,
    customizations: look.id,
    "third-party-session": dropbox.id,
    staffId: viewer.user.id,
  };
  return { main, viewer, ids, byResource };
}

export function pathFor(route: ApiRouteModule, params: Record<string, string | string[]>, q: [string, string][]) {
  let path = route.pattern;
  for (const p of route.params) {
    const value = params[p.name];
    const text = Array.isArray(value) ? value.join("/") : value;
    path = path.replace(p.catchAll ? `[...${p.name}]` : `[${p.name}]`, encodeURIComponent(text.toWellFormed()));
  }
  const search = new URLSearchParams(q.map(([k, v]) => [k, v.toWellFormed()])).toString();
  return search ? `${path}?${search}` : path;
}

/** "/api/insights/properties/[id]", "id" → "properties". */
export function segmentBefore(pattern: string, name: string): string {
  const segments = pattern.split("/");
  return segments[segments.indexOf(`[${name}]`) - 1] ?? "";
}
