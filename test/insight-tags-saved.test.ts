import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { REPORT_MESSAGES } from "@/lib/validation/reports";
import * as tagRoute from "@/app/api/tags/[id]/route";
import * as projectTagsRoute from "@/app/api/insights/properties/[id]/tags/route";
import * as savedRoute from "@/app/api/saved-insights/properties/[id]/route";
import { generateReport } from "@/server/services/reports/generate-report";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import {
  addTag,
  deleteReport,
  insertReport,
  listInsights,
  reportWorld,
  seedLeadGenProject,
} from "@/test/report-fixtures";
import { insertProject } from "@/test/workspace";

const listTags = (projectId: string, token: string) =>
  call(projectTagsRoute.GET, { path: `/api/insights/properties/${projectId}/tags/`, params: { id: projectId }, token });
const getTag = (id: string, token: string) => call(tagRoute.GET, { path: `/api/tags/${id}`, params: { id }, token });
const putTag = (id: string, token: string, body: unknown) =>
  call(tagRoute.PUT, { method: "PUT", path: `/api/tags/${id}`, params: { id }, token, body });
const deleteTag = (id: string, token: string) =>
  call(tagRoute.DELETE, { method: "DELETE", path: `/api/tags/${id}`, params: { id }, token });
const listSaved = (projectId: string, token: string) =>
  call(savedRoute.GET, { path: `/api/saved-insights/properties/${projectId}`, params: { id: projectId }, token });
const save = (projectId: string, token: string, insightId: string) =>
  call(savedRoute.POST, {
    path: `/api/saved-insights/properties/${projectId}`,
    params: { id: projectId },
    token,
    body: { insightId },
  });
const unsave = (projectId: string, token: string, insightId: string, viaQuery = false) =>
  viaQuery
    ? call(savedRoute.DELETE, {
        method: "DELETE",
        path: `/api/saved-insights/properties/${projectId}?insightId=${insightId}`,
        params: { id: projectId },
        token,
      })
    : call(savedRoute.DELETE, {
        method: "DELETE",
        path: `/api/saved-insights/properties/${projectId}`,
        params: { id: projectId },
        token,
        body: { insightId },
      });

async function world() {
  const w = await reportWorld();
  const report = await insertReport(w.project);
  await generateReport(report.id);
  const ids = ((await listInsights(w.project.id, w.main.token)).body.docs as { _id: string }[]).map((d) => d._id);
  return { ...w, report, ids };
}

describe("insight tags API", () => {
  beforeEach(resetDatabase);

  it("creates a tag or adds to it by name (case-insensitive), lists counts, renames, replaces, filters insights and deletes", async () => {
    const { project, creator, viewer, ids } = await world();
    const created = await addTag(project.id, creator.token, { name: "Board deck", insightIds: [ids[0], ids[1]] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Board deck", count: 2 });
    expect([...created.body.insightIds].sort()).toEqual([ids[0], ids[1]].sort());
    const tagId = created.body._id;

    const added = await addTag(project.id, creator.token, { name: "  BOARD DECK ", insightIds: [ids[1], ids[2]] });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ _id: tagId, name: "Board deck", count: 3 });
    await addTag(project.id, creator.token, { name: "Empty" });

    const list = await listTags(project.id, viewer.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      total: 2,
      docs: [
        { name: "Board deck", count: 3 },
        { name: "Empty", count: 0 },
      ],
    });

    const tagged = await listInsights(project.id, viewer.token, `?tag=${tagId}`);
    expect(tagged.body.docs.map((d: { _id: string }) => d._id).sort()).toEqual([ids[0], ids[1], ids[2]].sort());
    expect(tagged.body.docs[0].tags).toEqual([{ _id: tagId, name: "Board deck" }]);

    expect((await getTag(tagId, viewer.token)).body).toMatchObject({ _id: tagId, count: 3 });
    const renamed = await putTag(tagId, creator.token, { name: "Monthly", insightIds: [ids[3]] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Monthly", count: 1, insightIds: [ids[3]] });
    const clash = await putTag(tagId, creator.token, { name: "empty" });
    expect(clash.status).toBe(409);
    expect(clash.body.errors.name).toBe(REPORT_MESSAGES.tagExists);

    expect((await deleteTag(tagId, creator.token)).status).toBe(200);
    expect((await getTag(tagId, creator.token)).status).toBe(404);
    expect((await listTags(project.id, creator.token)).body.total).toBe(1);
    expect((await listInsights(project.id, viewer.token)).body.total).toBe(ids.length);
  });

  it("Viewers cannot create, change or delete tags (403); foreign ids are refused; other agencies get 404", async () => {
    const { main, client, project, viewer, creator, ids } = await world();
    const tag = await addTag(project.id, creator.token, { name: "Mine", insightIds: [ids[0]] });
    expect((await addTag(project.id, viewer.token, { name: "x", insightIds: [] })).status).toBe(403);
    expect((await putTag(tag.body._id, viewer.token, { name: "y" })).status).toBe(403);
    expect((await deleteTag(tag.body._id, viewer.token)).status).toBe(403);

    // An insight of another project cannot be tagged here.
    const second = await insertProject(client, { name: "Second" });
    await seedLeadGenProject(second);
    const r2 = await insertReport(second);
    await generateReport(r2.id);
    const foreignInsight = (await listInsights(second.id, main.token)).body.docs[0]._id;
    const refused = await addTag(project.id, creator.token, { name: "Mixed", insightIds: [ids[0], foreignInsight] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.insightIds).toBeTruthy();
    expect((await addTag(project.id, creator.token, { name: "", insightIds: [] })).status).toBe(400);
    // A tag becomes an export's file name: the report-name rule applies (spec section 5).
    const badName = await addTag(project.id, creator.token, { name: "Q3/Q4 review", insightIds: [] });
    expect(badName.status).toBe(400);
    expect(badName.body.errors.name).toMatch(/^Tag name must not contain any of/);

    const other = await createAgency();
    for (const res of [
      await getTag(tag.body._id, other.token),
      await putTag(tag.body._id, other.token, { name: "z" }),
      await deleteTag(tag.body._id, other.token),
      await listTags(project.id, other.token),
      await addTag(project.id, other.token, { name: "x", insightIds: [] }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.notFound);
    }
  });
});

describe("saved insights API", () => {
  beforeEach(resetDatabase);

  it("saves per user (Viewers may save), lists, unsaves by body or query; deleting the report removes them", async () => {
    const { project, viewer, creator, report, ids } = await world();
    const saved = await save(project.id, viewer.token, ids[0]);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ insightId: ids[0] });
    expect(saved.body.id).toBeTruthy();
    expect((await save(project.id, viewer.token, ids[0])).status).toBe(201); // idempotent
    await save(project.id, viewer.token, ids[1]);

    const list = await listSaved(project.id, viewer.token);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.docs.map((d: { insightId: string }) => d.insightId)).toEqual([ids[1], ids[0]]);
    expect(list.body.docs[0].insight).toMatchObject({ _id: ids[1], saved: true });
    expect((await listSaved(project.id, creator.token)).body.total).toBe(0);
    expect((await listInsights(project.id, viewer.token)).body.docs[0].saved).toBe(true);

    expect((await unsave(project.id, viewer.token, ids[1])).body.removed).toBe(1);
    expect((await unsave(project.id, viewer.token, ids[0], true)).body.removed).toBe(1);
    expect((await listSaved(project.id, viewer.token)).body.total).toBe(0);

    await save(project.id, viewer.token, ids[2]);
    expect((await deleteReport(report.id, creator.token)).status).toBe(200);
    expect((await listSaved(project.id, viewer.token)).body.total).toBe(0);
  });

  it("refuses unknown or foreign insights and other agencies", async () => {
    const { project, viewer, ids } = await world();
    expect((await save(project.id, viewer.token, "00000000-0000-4000-8000-000000000000")).status).toBe(400);
    expect((await save(project.id, viewer.token, "nope")).status).toBe(400);
    const other = await createAgency();
    expect((await save(project.id, other.token, ids[0])).status).toBe(404);
    expect((await listSaved(project.id, other.token)).status).toBe(404);
  });
});
