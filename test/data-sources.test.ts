import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { clients } from "@/server/db/schema";
import { resetDatabase } from "@/test/db";
import {
  countObservations,
  createSource,
  deleteSource,
  getSource,
  listSources,
  putSource,
  uploadCsv,
  uploadWorld,
} from "@/test/data-source-fixtures";
import { createAgency, createUser } from "@/test/factories";
import { insertProject, share } from "@/test/workspace";

const CSV = "date,channel,sessions\n2024-01-01,Email,3\n2024-01-02,Email,4\n";

describe("data sources API", () => {
  beforeEach(resetDatabase);

  it("creates an upload source, lists it, renames it, suspends it and deletes it with its observations", async () => {
    const { main, project, sourceId } = await uploadWorld();
    const plain = await createSource(project.id, main.token);
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({
      name: "CSV upload",
      sourceName: "upload",
      kind: "own",
      status: "active",
      projectId: project.id,
    });

    const list = await listSources(project.id, main.token);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.docs.map((d: { _id: string }) => d._id)).toEqual([plain.body._id, sourceId]);
    expect(
      (await listSources(project.id, main.token, "?limit=1&page=1")).body.docs.map((d: { _id: string }) => d._id),
    ).toEqual([sourceId]);

    const got = await getSource(sourceId, main.token);
    expect(got.body).toMatchObject({ _id: sourceId, name: "Shop export", sourceName: "upload", kind: "own" });

    const renamed = await putSource(sourceId, main.token, { name: "  Orders 2024 " });
    expect(renamed.body).toMatchObject({ name: "Orders 2024", status: "active" });
    expect((await putSource(sourceId, main.token, { status: "suspended" })).body).toMatchObject({
      name: "Orders 2024",
      status: "suspended",
    });
    const invalid = await putSource(sourceId, main.token, { name: "", status: "paused" });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["name", "status"]);

    expect((await uploadCsv(sourceId, main.token, CSV)).status).toBe(200);
    expect(await countObservations(sourceId)).toBe(2);
    const deleted = await deleteSource(sourceId, main.token);
    expect(deleted.status).toBe(200);
    expect(await countObservations(sourceId)).toBe(0);
    expect((await getSource(sourceId, main.token)).status).toBe(404);
    expect((await listSources(project.id, main.token)).body.total).toBe(1);
  });

  it("Viewers read; Data Creators and Client Admins write; Viewers cannot upload, create, rename or delete (403)", async () => {
    const { main, client, project, viewer, creator, sourceId } = await uploadWorld();
    expect((await listSources(project.id, viewer.token)).status).toBe(200);
    expect((await getSource(sourceId, viewer.token)).status).toBe(200);
    const upload = await uploadCsv(sourceId, viewer.token, CSV);
    expect(upload.status).toBe(403);
    expect(upload.body.message).toBe(MESSAGES.forbidden);
    expect((await createSource(project.id, viewer.token)).status).toBe(403);
    expect((await putSource(sourceId, viewer.token, { name: "x" })).status).toBe(403);
    expect((await deleteSource(sourceId, viewer.token)).status).toBe(403);
    expect(await countObservations(sourceId)).toBe(0);

    expect((await uploadCsv(sourceId, creator.token, CSV)).status).toBe(200);
    expect((await createSource(project.id, creator.token)).status).toBe(201);
    expect((await putSource(sourceId, creator.token, { name: "By creator" })).status).toBe(200);
    const clientAdmin = await createUser({ agencyId: main.agency.id, role: "staff" });
    await share(client.id, clientAdmin.user.id, 4);
    expect((await deleteSource(sourceId, clientAdmin.token)).status).toBe(200);
  });

  it("another agency's ids, an unshared client's and a malformed id are 404; a suspended client is 403 for staff", async () => {
    const { main, client, project, viewer, sourceId } = await uploadWorld();
    const other = await createAgency();
    for (const res of [
      await getSource(sourceId, other.token),
      await uploadCsv(sourceId, other.token, CSV),
      await putSource(sourceId, other.token, { name: "x" }),
      await deleteSource(sourceId, other.token),
      await listSources(project.id, other.token),
      await createSource(project.id, other.token),
      await getSource("not-a-uuid", main.token),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.notFound);
    }
    const unshared = await createUser({ agencyId: main.agency.id, role: "staff" });
    expect((await getSource(sourceId, unshared.token)).status).toBe(404);

    await db().update(clients).set({ status: "suspended" }).where(eq(clients.id, client.id));
    const suspended = await getSource(sourceId, viewer.token);
    expect(suspended.status).toBe(403);
    expect(suspended.body.message).toBe(MESSAGES.clientSuspended);
    expect((await getSource(sourceId, main.token)).status).toBe(200);
    expect(await countObservations(sourceId)).toBe(0);
  });

  it("keeps projects apart: a source lists only under its own project", async () => {
    const { main, client, project, sourceId } = await uploadWorld();
    const second = await insertProject(client, { name: "Second" });
    expect((await listSources(second.id, main.token)).body).toEqual({ docs: [], total: 0 });
    expect((await listSources(project.id, main.token)).body.docs[0]._id).toBe(sourceId);
  });
});
