import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as tokensRoute from "@/app/api/api-tokens/route";
import * as insightsRoute from "@/app/api/insights/properties/[id]/route";
import * as reportRoute from "@/app/api/reports/[id]/route";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import * as logoutRoute from "@/app/api/users/logout/route";
import { MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { call, type CallResult } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { insertReport } from "@/test/report-fixtures";
import { insertClient, insertProject, share } from "@/test/workspace";

// A session's read of a project or a report checks the session and the access in one query (server/auth/
// session-access.ts). Every refusal the two checks gave one after the other must still come, in the same order.

type Read = (auth: { token?: string; cookieToken?: string }, headers?: Record<string, string>) => Promise<CallResult>;

function reads(projectId: string, reportId: string): Record<string, Read> {
  return {
    report: (auth, headers) =>
      call(reportRoute.GET, { path: `/api/reports/${reportId}`, params: { id: reportId }, ...auth, headers }),
    kpis: (auth, headers) =>
      call(kpisRoute.GET, { path: `/api/reports/${reportId}/kpis`, params: { id: reportId }, ...auth, headers }),
    insights: (auth, headers) =>
      call(insightsRoute.GET, {
        path: `/api/insights/properties/${projectId}?reportId=${reportId}`,
        params: { id: projectId },
        ...auth,
        headers,
      }),
  };
}

describe("the session and the access in one query", () => {
  let main: Awaited<ReturnType<typeof createAgency>>;
  let projectId: string;
  let otherProjectId: string;
  let reportId: string;
  let all: Record<string, Read>;

  beforeAll(async () => {
    await resetDatabase();
    main = await createAgency();
    const client = await insertClient(main.agency.id, { name: "Acme" });
    const project = await insertProject(client, { name: "Acme shop" });
    const other = await insertProject(client, { name: "Acme blog" });
    projectId = project.id;
    otherProjectId = other.id;
    reportId = (await insertReport(project, { status: "ready" })).id;
    all = reads(projectId, reportId);
  });

  it("serves a session's reads with the 304 of each, as a bearer token and as the cookie", async () => {
    for (const auth of [{ token: main.token }, { cookieToken: main.token }])
      for (const [name, read] of Object.entries(all)) {
        const first = await read(auth);
        expect(first.status, name).toBe(200);
        const etag = first.headers.get("etag");
        expect(etag, name).toBeTruthy();
        expect((await read(auth, { "if-none-match": etag! })).status, name).toBe(304);
      }
  });

  it("refuses an ended session (logout), a password change's older sessions and an unconfirmed agency: 401", async () => {
    const ended = await createUser({ agencyId: main.agency.id, role: "agency" });
    const changed = await createUser({ agencyId: main.agency.id, role: "agency" });
    const unconfirmed = await createAgency({ confirmed: false });
    await call(logoutRoute.POST, { path: "/api/users/logout", method: "POST", token: ended.token });
    await db()
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, changed.user.id));
    for (const token of [ended.token, changed.token, "not-a-token"])
      for (const [name, read] of Object.entries(all)) {
        const res = await read({ token }, { "if-none-match": "*" });
        expect(res.status, name).toBe(401);
        expect(res.headers.get("etag"), name).toBeNull();
      }
    // Its own project and report: still 401, the session comes first.
    const ownClient = await insertClient(unconfirmed.agency.id);
    const ownProject = await insertProject(ownClient);
    const ownReport = await insertReport(ownProject, { status: "ready" });
    for (const [name, read] of Object.entries(reads(ownProject.id, ownReport.id)))
      expect((await read({ token: unconfirmed.token })).status, name).toBe(401);
    // A malformed id after an ended session: the session's 401 first, as on every route.
    const malformed = await call(reportRoute.GET, { path: "/api/reports/x", params: { id: "x" }, token: ended.token });
    expect(malformed.status).toBe(401);
    expect(
      (await call(reportRoute.GET, { path: "/api/reports/x", params: { id: "x" }, token: main.token })).status,
    ).toBe(404);
  });

  it("keeps clients not shared with a staff member 404, a suspended client 403 and a viewer's level", async () => {
    const staff = await createUser({ agencyId: main.agency.id, role: "staff" });
    for (const [name, read] of Object.entries(all))
      expect((await read({ token: staff.token }, { "if-none-match": "*" })).status, name).toBe(404);

    const shared = await insertClient(main.agency.id, { name: "Shared" });
    const sharedProject = await insertProject(shared);
    const sharedReport = await insertReport(sharedProject, { status: "ready" });
    await share(shared.id, staff.user.id, 1);
    const sharedReads = reads(sharedProject.id, sharedReport.id);
    for (const [name, read] of Object.entries(sharedReads))
      expect((await read({ token: staff.token })).status, name).toBe(200);
    // A Viewer may read but not delete.
    const deleted = await call(reportRoute.DELETE, {
      method: "DELETE",
      path: `/api/reports/${sharedReport.id}`,
      params: { id: sharedReport.id },
      token: staff.token,
    });
    expect(deleted.status).toBe(403);

    const suspended = await insertClient(main.agency.id, { name: "Paused", status: "suspended" });
    const suspendedProject = await insertProject(suspended);
    const suspendedReport = await insertReport(suspendedProject, { status: "ready" });
    await share(suspended.id, staff.user.id, 4);
    for (const [name, read] of Object.entries(reads(suspendedProject.id, suspendedReport.id))) {
      const res = await read({ token: staff.token }, { "if-none-match": "*" });
      expect(res.status, name).toBe(403);
      expect(res.body.message, name).toBe(MESSAGES.clientSuspended);
    }
  });

  it("keeps another agency's ids 404 with no ETag, and versions insights only by their own project's report", async () => {
    const other = await createAgency();
    for (const [name, read] of Object.entries(all)) {
      const res = await read({ token: other.token }, { "if-none-match": "*" });
      expect(res.status, name).toBe(404);
      expect(res.headers.get("etag"), name).toBeNull();
    }
    // The report named under another project of the same agency: no version, so not cached (the list answers for
    // what it finds there).
    const elsewhere = await call(insightsRoute.GET, {
      path: `/api/insights/properties/${otherProjectId}?reportId=${reportId}`,
      params: { id: otherProjectId },
      token: main.token,
      headers: { "if-none-match": "*" },
    });
    expect(elsewhere.status).not.toBe(304);
    expect(elsewhere.headers.get("etag")).toBeNull();
  });

  it("serves an API token by its own lookup, with the same versions", async () => {
    const made = await call(tokensRoute.POST, { path: "/api/api-tokens", token: main.token, body: { name: "BI" } });
    expect(made.status).toBe(201);
    const apiToken: string = made.body.token;
    for (const [name, read] of Object.entries(all)) {
      const session = await read({ token: main.token });
      const first = await read({ token: apiToken });
      expect(first.status, name).toBe(200);
      // The same reader, so the same ETag whichever way they call.
      expect(first.headers.get("etag"), name).toBe(session.headers.get("etag"));
      expect((await read({ token: apiToken }, { "if-none-match": first.headers.get("etag")! })).status, name).toBe(304);
    }
    const other = await createAgency();
    const otherMade = await call(tokensRoute.POST, {
      path: "/api/api-tokens",
      token: other.token,
      body: { name: "X" },
    });
    for (const [name, read] of Object.entries(all))
      expect((await read({ token: otherMade.body.token }, { "if-none-match": "*" })).status, name).toBe(404);
  });
});
