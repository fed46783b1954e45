import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/users/third-party-session/[id]/route";
import * as revokeRoute from "@/app/api/users/third-party-session/[id]/revoke/route";
import type { DropboxFake } from "@/e2e/fakes/dropbox/server";
import { encryptSecret } from "@/server/auth/encryption";
import { db } from "@/server/db/client";
import { thirdPartySessions } from "@/server/db/schema";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { ACCOUNTS, connectDropbox, startDropboxForTests } from "@/test/dropbox-fixtures";
import { createAgency, createUser } from "@/test/factories";

let fake: DropboxFake;

beforeAll(async () => {
  fake = await startDropboxForTests();
  await resetDatabase();
});
afterAll(async () => {
  await fake.close();
});

const list = (userId: string, token: string) =>
  call(listRoute.GET, { path: `/api/users/third-party-session/${userId}`, params: { id: userId }, token });
const revoke = (userId: string, token: string, session: string) =>
  call(revokeRoute.POST, {
    path: `/api/users/third-party-session/${userId}/revoke`,
    params: { id: userId },
    token,
    body: { session },
  });

async function googleSession(user: { id: string; agencyId: string }, email: string) {
  const [row] = await db()
    .insert(thirdPartySessions)
    .values({
      agencyId: user.agencyId,
      userId: user.id,
      type: "google",
      accessTokenEncrypted: encryptSecret("ya29.secret-google-token"),
      refreshTokenEncrypted: encryptSecret("1//secret-refresh"),
      additionalInfo: { email, name: "Ana", connectedAt: "2026-03-02T09:00:00.000Z" },
    })
    .returning();
  return row;
}

describe("third-party service access", () => {
  it("lists the user's connected services with account and date, never a token, and revokes each", async () => {
    const { admin, token } = await createAgency();
    await connectDropbox(fake, token, ACCOUNTS.basic);
    const google = await googleSession(admin, "ana@gmail.example");

    const res = await list(admin.id, token);
    expect(res.status).toBe(200);
    expect(res.body.docs).toHaveLength(2);
    const byType = Object.fromEntries(res.body.docs.map((d: { type: string }) => [d.type, d]));
    expect(byType.dropbox).toMatchObject({
      service: "Dropbox",
      account: "lena.basic@example.com",
      accountType: "basic",
    });
    expect(Date.parse(byType.dropbox.connectedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(byType.google).toMatchObject({
      service: "Google",
      account: "ana@gmail.example",
      connectedAt: "2026-03-02T09:00:00.000Z",
    });
    expect(JSON.stringify(res.body)).not.toMatch(/secret|sl\.|v1\./);

    const before = fake.calls.length;
    const gone = await revoke(admin.id, token, byType.dropbox._id);
    expect(gone.status).toBe(200);
    expect(fake.calls.slice(before)).toContain("auth/token/revoke");
    expect((await revoke(admin.id, token, google.id)).status).toBe(200);
    expect((await list(admin.id, token)).body.docs).toEqual([]);
    const [stored] = await db().select().from(thirdPartySessions).where(eq(thirdPartySessions.id, google.id));
    expect(stored.revokedAt).not.toBeNull();
    // A second revoke finds nothing live.
    expect((await revoke(admin.id, token, google.id)).status).toBe(404);
  });

  it("keeps each user's connections to themselves: another user's list or session is not found", async () => {
    const { admin, token, agency } = await createAgency();
    const colleague = await createUser({ agencyId: agency.id, role: "staff" });
    const theirs = await googleSession(colleague.user, "colleague@gmail.example");
    const stranger = await createAgency();

    expect((await list(colleague.user.id, token)).status).toBe(404);
    expect((await list(admin.id, stranger.token)).status).toBe(404);
    expect((await revoke(colleague.user.id, token, theirs.id)).status).toBe(404);
    expect((await revoke(admin.id, token, theirs.id)).status).toBe(404);
    expect((await revoke(admin.id, token, "not-a-uuid")).status).toBe(400);
    expect((await list(colleague.user.id, colleague.token)).body.docs).toHaveLength(1);
    expect((await list(admin.id, "")).status).toBe(401);
  });
});
