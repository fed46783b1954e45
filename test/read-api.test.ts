import { beforeEach, describe, expect, it, vi } from "vitest";
import * as agencyClientsRoute from "@/app/api/agencies/[id]/clients/route";
import * as projectRoute from "@/app/api/properties/[id]/route";
import * as savedRoute from "@/app/api/saved-insights/properties/[id]/route";
import * as tagRoute from "@/app/api/tags/[id]/route";
import * as logoutRoute from "@/app/api/users/logout/route";
import { decodeSessionToken } from "@/server/auth/session-token";
import { generateReport } from "@/server/services/reports/generate-report";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { addTag, deleteReport, getReport, insertReport, listInsights, reportWorld } from "@/test/report-fixtures";
import { insertClient, insertProject } from "@/test/workspace";

// The read API the load bench drives (dashboard, project, report, insights) answers in fewer
// queries: access checks joined into one, tags and saved flags read with the insights, decoded
// session tokens kept. These prove the answers stay fresh after every write and tenancy holds.

const dashboard = (agencyId: string, token: string, query = "") =>
  call(agencyClientsRoute.GET, {
    path: `/api/agencies/${agencyId}/clients${query}`,
    params: { id: agencyId },
    token,
  });
const getProject = (id: string, token: string) =>
  call(projectRoute.GET, { path: `/api/properties/${id}`, params: { id }, token });

async function world() {
  const w = await reportWorld();
  const report = await insertReport(w.project);
  await generateReport(report.id);
  return { ...w, report };
}

describe("read API after writes", () => {
  beforeEach(resetDatabase);

  it("shows a tag, a saved flag, a rename and a deleted tag on the very next insights list", async () => {
    const { project, report, creator, viewer } = await world();
    const path = `?reportId=${report.id}`;
    const before = await listInsights(project.id, viewer.token, path);
    expect(before.status).toBe(200);
    expect(before.body.reportId).toBe(report.id);
    expect(before.body.total).toBeGreaterThan(1);
    const [first, second] = before.body.docs as { _id: string; tags: unknown[]; saved: boolean }[];
    expect(first.tags).toEqual([]);
    expect(first.saved).toBe(false);

    const tag = await addTag(project.id, creator.token, { name: "Board deck", insightIds: [first._id] });
    const other = await addTag(project.id, creator.token, { name: "Accounts", insightIds: [first._id] });
    const afterTag = (await listInsights(project.id, viewer.token, path)).body.docs;
    // Tags in name order, only on the tagged insight.
    expect(afterTag[0].tags).toEqual([
      { _id: other.body._id, name: "Accounts" },
      { _id: tag.body._id, name: "Board deck" },
    ]);
    expect(afterTag[1].tags).toEqual([]);

    const saved = await call(savedRoute.POST, {
      path: `/api/saved-insights/properties/${project.id}`,
      params: { id: project.id },
      token: viewer.token,
      body: { insightId: second._id },
    });
    expect(saved.status).toBeLessThan(300);
    const afterSave = await listInsights(project.id, viewer.token, path);
    expect(afterSave.body.docs[1].saved).toBe(true);
    // Saved is per user.
    expect((await listInsights(project.id, creator.token, path)).body.docs[1].saved).toBe(false);

    await call(tagRoute.PUT, {
      method: "PUT",
      path: `/api/tags/${tag.body._id}`,
      params: { id: tag.body._id },
      token: creator.token,
      body: { name: "Zebra" },
    });
    expect(
      (await listInsights(project.id, viewer.token, path)).body.docs[0].tags.map((t: { name: string }) => t.name),
    ).toEqual(["Accounts", "Zebra"]);
    await call(tagRoute.DELETE, {
      method: "DELETE",
      path: `/api/tags/${other.body._id}`,
      params: { id: other.body._id },
      token: creator.token,
    });
    expect((await listInsights(project.id, viewer.token, path)).body.docs[0].tags).toEqual([
      { _id: tag.body._id, name: "Zebra" },
    ]);
  });

  it("answers 404 for a deleted report at once, its insights and the report alike; the project's last report follows", async () => {
    const { main, project, report, viewer } = await world();
    const shown = await project_(project.id, viewer.token);
    expect(shown.lastReportAt).not.toBeNull();
    expect((await getReport(report.id, viewer.token)).status).toBe(200);
    expect((await listInsights(project.id, viewer.token, `?reportId=${report.id}`)).status).toBe(200);

    expect((await deleteReport(report.id, main.token)).status).toBe(200);
    expect((await getReport(report.id, viewer.token)).status).toBe(404);
    expect((await listInsights(project.id, viewer.token, `?reportId=${report.id}`)).status).toBe(404);
    expect((await project_(project.id, viewer.token)).lastReportAt).toBeNull();
    const dash = await dashboard(main.agency.id, main.token);
    expect(dash.body.docs[0].projects[0]).toMatchObject({ _id: project.id, lastReportAt: null });
  });

  it("keeps a report with no matching insight apart from a report of another project", async () => {
    const { main, client, project, report } = await world();
    const sibling = await insertProject(client, { name: "Sibling" });
    // The report exists but is not the sibling's: 404, not an empty list.
    expect((await listInsights(sibling.id, main.token, `?reportId=${report.id}`)).status).toBe(404);
    // The report is the project's and the filter matches nothing: an empty list.
    const none = await listInsights(project.id, main.token, `?reportId=${report.id}&q=no-such-words-anywhere`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ docs: [], total: 0, reportId: report.id });
  });

  it("gives another agency's ids 404 on every read route", async () => {
    const { main, project, report } = await world();
    const stranger = await createAgency();
    expect((await listInsights(project.id, main.token, `?reportId=${report.id}`)).body.total).toBeGreaterThan(0);
    expect((await project_(project.id, stranger.token, 404)).status).toBe(404);
    expect((await getReport(report.id, stranger.token)).status).toBe(404);
    expect((await listInsights(project.id, stranger.token, `?reportId=${report.id}`)).status).toBe(404);
    // Its own project with the other agency's report: 404 too.
    const own = await insertProject(await insertClient(stranger.agency.id, { name: "Mine" }), { name: "Mine" });
    expect((await listInsights(own.id, stranger.token, `?reportId=${report.id}`)).status).toBe(404);
    expect((await dashboard(project.agencyId, stranger.token)).status).toBe(404);
  });

  it("refuses a token right after logout though it was just used", async () => {
    const { main, project } = await world();
    expect((await getProject(project.id, main.token)).status).toBe(200);
    expect((await getProject(project.id, main.token)).status).toBe(200);
    await call(logoutRoute.POST, { path: "/api/users/logout", method: "POST", token: main.token });
    expect((await getProject(project.id, main.token)).status).toBe(401);
  });
});

describe("decoded session tokens kept in memory", () => {
  beforeEach(resetDatabase);

  it("forgets a token once it expires, though it was decoded before", async () => {
    const { token } = await createAgency();
    const claims = await decodeSessionToken(token);
    expect(claims).not.toBeNull();
    expect(await decodeSessionToken(token)).toBe(claims);
    vi.useFakeTimers({ now: (claims!.exp! + 16) * 1000, toFake: ["Date"] });
    try {
      expect(await decodeSessionToken(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("dashboard list in three queries", () => {
  beforeEach(resetDatabase);

  it("gives each project its own last ready report and the total past the last page", async () => {
    const { main, client, project: reported } = await world();
    const quiet = await insertProject(client, { name: "Quiet" });
    await insertReport(quiet, { status: "failed" });
    const dash = await dashboard(main.agency.id, main.token);
    expect(dash.status).toBe(200);
    expect(dash.body.total).toBe(1);
    const byId = new Map(
      (dash.body.docs[0].projects as { _id: string; lastReportAt: string | null }[]).map((p) => [p._id, p]),
    );
    expect(byId.get(reported.id)!.lastReportAt).not.toBeNull();
    expect(byId.get(quiet.id)!.lastReportAt).toBeNull();
    const shown = await project_(reported.id, main.token);
    expect(byId.get(reported.id)!.lastReportAt).toBe(shown.lastReportAt);
    expect(shown.usage).toMatchObject({ active: 2 });

    await insertClient(main.agency.id, { name: "Second" });
    const past = await dashboard(main.agency.id, main.token, "?page=3");
    expect(past.body).toEqual({ docs: [], total: 2 });
  });
});

async function project_(id: string, token: string, status = 200) {
  const res = await getProject(id, token);
  expect(res.status).toBe(status);
  return res.body;
}
