import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import * as insightsRoute from "@/app/api/insights/properties/[id]/route";
import * as reportRoute from "@/app/api/reports/[id]/route";
import * as splitLinkRoute from "@/app/s/[slug]/route";
import * as splitListRoute from "@/app/api/split-links/route";
import * as splitItemRoute from "@/app/api/split-links/[id]/route";
import { revokeSession } from "@/server/auth/revoke-session";
import { db } from "@/server/db/client";
import { reports, splitLinkCounts, users } from "@/server/db/schema";
import { registerEarlyAnswer } from "@/server/http/early-answer";
import { readEtag } from "@/server/http/read-cache";
import { generateReport } from "@/server/services/reports/generate-report";
import { flushSplitCounts } from "@/server/services/split-links/split-counts";
import { webRequestListener } from "@/scripts/lib/web-handler.mjs";
import { NextRequest } from "next/server";
import { call, type CallResult } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser, tokenFor } from "@/test/factories";
import { addTag, insertReport, reportWorld } from "@/test/report-fixtures";

// The web server's early answers (server/http/early-answer.ts) on a real socket, in front of a stand-in for Next.js
// that answers 299: a request the early path does not answer reaches it untouched. Each case holds what the route
// itself would answer: a 304 only for a caller the route lets read the ready report and who holds its current ETag,
// with the route's headers; everything else (another agency, a client not shared, a revoked session, a stale or
// forged ETag, a report not ready, an API token) goes on to Next.js, whose route answers it (test/report-read-cache).

const NEXT = 299;
let server: http.Server;
let port = 0;
let w: Awaited<ReturnType<typeof reportWorld>>;
let reportId = "";

type Kind = "report" | "kpis" | "insights";
const KINDS: Kind[] = ["report", "kpis", "insights"];
const paths = (projectId: string, id: string): Record<Kind, string> => ({
  report: `/api/reports/${id}`,
  kpis: `/api/reports/${id}/kpis`,
  insights: `/api/insights/properties/${projectId}?reportId=${id}`,
});

/** The route's own answer, through its handler (as Next.js would run it). */
function routeRead(kind: Kind, token: string, headers?: Record<string, string>): Promise<CallResult> {
  const path = paths(w.project.id, reportId)[kind];
  if (kind === "insights") return call(insightsRoute.GET, { path, params: { id: w.project.id }, token, headers });
  return call(kind === "report" ? reportRoute.GET : kpisRoute.GET, { path, params: { id: reportId }, token, headers });
}

async function heldEtags(token: string): Promise<Record<Kind, string>> {
  const out = {} as Record<Kind, string>;
  for (const kind of KINDS) {
    const res = await routeRead(kind, token);
    expect(res.status, kind).toBe(200);
    out[kind] = res.headers.get("etag")!;
  }
  return out;
}

function send(path: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const bearer = (token: string, etag: string) => ({ authorization: `Bearer ${token}`, "if-none-match": etag });

beforeAll(async () => {
  await resetDatabase();
  w = await reportWorld();
  const report = await insertReport(w.project);
  await generateReport(report.id);
  reportId = report.id;
  registerEarlyAnswer();
  const next = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(NEXT, { "content-type": "application/json" });
    res.end(JSON.stringify({ next: true }));
  };
  server = http.createServer(webRequestListener(next, 0));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the web server's early 304 for ready reports' reads", () => {
  it("answers the route's 304, with the route's caching and security headers, before Next.js", async () => {
    const held = await heldEtags(w.viewer.token);
    for (const kind of KINDS) {
      const path = paths(w.project.id, reportId)[kind];
      const route = await routeRead(kind, w.viewer.token, { "if-none-match": held[kind] });
      expect(route.status, kind).toBe(304);
      const early = await send(path, { ...bearer(w.viewer.token, held[kind]), "x-transaction-id": "tx-early-1" });
      expect(early.status, kind).toBe(304);
      expect(early.body, kind).toBe("");
      expect(early.headers.etag, kind).toBe(held[kind]);
      expect(early.headers["cache-control"], kind).toBe(route.headers.get("cache-control"));
      expect(early.headers.vary, kind).toBe("Authorization, Cookie");
      expect(early.headers["x-transaction-id"], kind).toBe("tx-early-1");
      // The proxy's headers for API answers, which Next.js would have added.
      expect(early.headers["x-content-type-options"], kind).toBe("nosniff");
      expect(early.headers["content-security-policy"], kind).toContain("default-src 'none'");
      // A list, a weak copy and `*` match as in the route; the browser's cookie works as the bearer token does.
      expect((await send(path, bearer(w.viewer.token, `"x", W/${held[kind]}`))).status, kind).toBe(304);
      expect((await send(path, bearer(w.viewer.token, "*"))).status, kind).toBe(304);
      const cookie = { cookie: `other=1; next-auth.session-token=${w.viewer.token}`, "if-none-match": held[kind] };
      expect((await send(path, cookie)).status, kind).toBe(304);
    }
  });

  it("leaves every request it must not answer to Next.js", async () => {
    const held = await heldEtags(w.viewer.token);
    const path = paths(w.project.id, reportId);
    // No If-None-Match, a stale ETag, a HEAD, a path with a trailing slash, a tag's list (not cached).
    expect((await send(path.report, { authorization: `Bearer ${w.viewer.token}` })).status).toBe(NEXT);
    expect((await send(path.kpis, bearer(w.viewer.token, '"stale"'))).status).toBe(NEXT);
    expect((await send(path.report, bearer(w.viewer.token, held.report), "HEAD")).status).toBe(NEXT);
    expect((await send(`${path.report}/`, bearer(w.viewer.token, "*"))).status).toBe(NEXT);
    expect((await send(`${path.insights}&tag=${reportId}`, bearer(w.viewer.token, "*"))).status).toBe(NEXT);
    // Another reader's ETag (saved flags are per reader), no credentials, a malformed token, a session cookie sent
    // twice (Next.js reads it).
    expect((await send(path.report, bearer(w.creator.token, held.report))).status).toBe(NEXT);
    expect((await send(path.report, { "if-none-match": "*" })).status).toBe(NEXT);
    expect((await send(path.report, bearer("not-a-token", "*"))).status).toBe(NEXT);
    const twice = `next-auth.session-token=${w.viewer.token}; next-auth.session-token=${w.creator.token}`;
    expect((await send(path.report, { cookie: twice, "if-none-match": held.report })).status).toBe(NEXT);
    // A report that is not ready: its answer still moves.
    const queued = await insertReport(w.project);
    for (const queuedPath of Object.values(paths(w.project.id, queued.id)))
      expect((await send(queuedPath, bearer(w.main.token, "*"))).status, queuedPath).toBe(NEXT);
  });

  it("never answers for another agency's ids or a client not shared with the caller, even with a forged ETag", async () => {
    const other = await createAgency();
    const unshared = await createUser({ agencyId: w.main.agency.id, role: "staff" });
    const [version] = await db().select().from(reports).where(eq(reports.id, reportId));
    for (const caller of [
      { name: "another agency's admin", token: other.token, userId: other.admin.id },
      { name: "staff the client is not shared with", token: unshared.token, userId: unshared.user.id },
    ]) {
      for (const kind of KINDS) {
        const path = paths(w.project.id, reportId)[kind];
        const search = kind === "insights" ? `?reportId=${reportId}` : "";
        // The ETag the route would give this caller if it could read the report: it still may not.
        const forged = readEtag(kind, version, { userId: caller.userId }, search);
        for (const etag of ["*", forged]) {
          const res = await send(path, bearer(caller.token, etag));
          expect(res.status, `${caller.name} ${kind}`).toBe(NEXT);
          expect(res.headers.etag, `${caller.name} ${kind}`).toBeUndefined();
        }
        // And the route answers them 404 (never a 304).
        expect((await routeRead(kind, caller.token, { "if-none-match": "*" })).status).toBe(404);
      }
    }
  });

  it("stops answering for a session logged out or ended by a password change", async () => {
    const reader = await createUser({ agencyId: w.main.agency.id, role: "agency" });
    const held = await heldEtags(reader.token);
    const path = paths(w.project.id, reportId).kpis;
    expect((await send(path, bearer(reader.token, held.kpis))).status).toBe(304);
    await revokeSession(reader.token);
    expect((await send(path, bearer(reader.token, held.kpis))).status).toBe(NEXT);
    expect((await routeRead("kpis", reader.token, { "if-none-match": held.kpis })).status).toBe(401);

    const second = await tokenFor(reader.user.id);
    expect((await send(path, bearer(second, held.kpis))).status).toBe(304);
    await db()
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, reader.user.id));
    expect((await send(path, bearer(second, held.kpis))).status).toBe(NEXT);
  });

  it("sends the new version to Next.js once the report, its tags or the project's look change", async () => {
    const path = paths(w.project.id, reportId);
    let held = await heldEtags(w.viewer.token);
    const stillHeld = async (expected: number) => {
      for (const kind of KINDS)
        expect((await send(path[kind], bearer(w.viewer.token, held[kind]))).status, kind).toBe(expected);
    };
    await stillHeld(304);
    await db().update(reports).set({ name: "Renamed" }).where(eq(reports.id, reportId));
    await stillHeld(NEXT);

    held = await heldEtags(w.viewer.token);
    const list = await routeRead("insights", w.viewer.token);
    const tag = await addTag(w.project.id, w.creator.token, { name: "Deck", insightIds: [list.body.docs[0]._id] });
    expect(tag.status).toBe(201);
    await stillHeld(NEXT);

    held = await heldEtags(w.viewer.token);
    await db().execute(sql`insert into customizations (agency_id, level, project_id, chart_color)
      values (${w.main.agency.id}, 'project', ${w.project.id}, '#123456')`);
    await stillHeld(NEXT);
    // The route's new ETags are answered early again.
    held = await heldEtags(w.viewer.token);
    await stillHeld(304);
  });
});

describe("the web server's early answer for split links", () => {
  it("redirects as the route does, keeps the visitor's variant, counts the visits and follows a pause at once", async () => {
    const created = await call(splitListRoute.POST, {
      path: "/api/split-links",
      token: w.main.token,
      body: {
        projectId: w.project.id,
        name: "Landing",
        slug: "early-landing",
        variants: [
          { url: "https://www.acme.example/a", weight: 50 },
          { url: "https://www.acme.example/b", weight: 50 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const routeAnswer = await splitLinkRoute.GET(new NextRequest("http://localhost:3000/s/early-landing?gclid=7"), {
      params: Promise.resolve({ slug: "early-landing" }),
    });
    expect(routeAnswer.status).toBe(302);

    const first = await send("/s/early-landing?gclid=7", {});
    expect(first.status).toBe(302);
    const location = new URL(first.headers.location!);
    const variant = location.searchParams.get("utm_content")!;
    expect(location.origin + location.pathname).toBe(`https://www.acme.example/${variant}`);
    expect(location.searchParams.get("gclid")).toBe("7");
    expect(location.searchParams.get("utm_campaign")).toBe(`early-landing-${variant}`);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    // The same cookie as the route's, but for the variant and the expiry time.
    const cookie = first.headers["set-cookie"]![0];
    const attributes = (text: string) =>
      text
        .split("; ")
        .slice(1)
        .filter((a) => !a.startsWith("Expires="));
    expect(cookie).toMatch(new RegExp(`^fw_split_early-landing=${variant}; `));
    expect(attributes(cookie)).toEqual(attributes(routeAnswer.headers.getSetCookie()[0]));

    // A returning visitor stays on their variant and gets no new cookie.
    const again = await send("/s/early-landing", { cookie: `fw_split_early-landing=${variant}` });
    expect(new URL(again.headers.location!).searchParams.get("utm_content")).toBe(variant);
    expect(again.headers["set-cookie"]).toBeUndefined();
    for (let i = 0; i < 8; i++) expect((await send("/s/early-landing", {})).status).toBe(302);
    await flushSplitCounts();
    const counts = await db().select().from(splitLinkCounts).where(eq(splitLinkCounts.linkId, created.body._id));
    // The route's visit and the nine first visits here (the returning one is not a new assignment).
    expect(counts.reduce((sum, c) => sum + c.assignments, 0)).toBe(10);

    const paused = await call(splitItemRoute.PUT, {
      method: "PUT",
      path: `/api/split-links/${created.body._id}`,
      params: { id: created.body._id },
      token: w.main.token,
      body: { status: "paused" },
    });
    expect(paused.status).toBe(200);
    const control = await send("/s/early-landing", {});
    expect(control.headers.location).toBe("https://www.acme.example/a");

    const unknown = await send("/s/no-such-link", {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toBe("This link does not exist.");
    // Not a split link's path (a malformed one, a POST): Next.js answers.
    expect((await send("/s/early-landing/more", {})).status).toBe(NEXT);
    expect((await send("/s/early-landing", {}, "POST")).status).toBe(NEXT);
  });
});
