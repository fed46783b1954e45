import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as foldersRoute from "@/app/api/dropbox/folders/route";
import * as sessionRoute from "@/app/api/dropbox/session/route";
import * as saveRoute from "@/app/api/properties/[id]/insights/export/dropbox/route";
import type { DropboxFake } from "@/e2e/fakes/dropbox/server";
import { DROPBOX_MESSAGES } from "@/lib/constants/dropbox-messages";
import { DELIVERY_MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { oauthStates, thirdPartySessions } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import {
  ACCOUNTS,
  callback,
  connectDropbox,
  consent,
  startConnect,
  startDropboxForTests,
} from "@/test/dropbox-fixtures";
import { createAgency } from "@/test/factories";
import { insertReport, reportWorld } from "@/test/report-fixtures";

let fake: DropboxFake;
let world: Awaited<ReturnType<typeof reportWorld>>;
let reportId: string;

beforeAll(async () => {
  fake = await startDropboxForTests(); // before anything reads the environment
  await resetDatabase();
  world = await reportWorld();
  const report = await insertReport(world.project);
  await generateReport(report.id);
  reportId = report.id;
});

afterAll(async () => {
  await fake.close();
});

const sessions = (userId: string) =>
  db()
    .select()
    .from(thirdPartySessions)
    .where(and(eq(thirdPartySessions.userId, userId), eq(thirdPartySessions.type, "dropbox")));
const connection = (token: string) => call(sessionRoute.GET, { path: "/api/dropbox/session", token });
const folders = (token: string, path = "") =>
  call(foldersRoute.GET, { path: `/api/dropbox/folders?path=${encodeURIComponent(path)}`, token });
const save = (token: string, body: Record<string, unknown>) =>
  call(saveRoute.POST, {
    path: `/api/properties/${world.project.id}/insights/export/dropbox`,
    params: { id: world.project.id },
    token,
    body: { reportId, format: "pptx", ...body },
  });

describe("connecting Dropbox", () => {
  it("goes through Dropbox's consent with PKCE and stores the session encrypted, with the account's info", async () => {
    const { token, admin } = world.main;
    const start = await startConnect(token, "/client-projects/x?tab=1");
    expect(start.res.status).toBe(302);
    const authorize = new URL(start.location);
    expect(authorize.origin).toBe(fake.baseUrl);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("state")).toBe(start.cookie);
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/dropbox/callback");
    // The verifier stays on the server, encrypted; the state only as a hash.
    const [pending] = await db().select().from(oauthStates).where(eq(oauthStates.userId, admin.id));
    expect(pending.stateHash).not.toContain(start.cookie);
    expect(pending.codeVerifierEncrypted).toMatch(/^v1\./);
    expect(start.location).not.toContain(pending.codeVerifierEncrypted);

    const back = await consent(fake, start.location, ACCOUNTS.business);
    const res = await callback(token, back, start.cookie);
    expect(res.status).toBe(302);
    const landing = new URL(res.headers.get("location") ?? "");
    expect(landing.pathname).toBe("/client-projects/x");
    expect(landing.searchParams.get("tab")).toBe("1");
    expect(landing.searchParams.get("dropbox")).toBe("connected");
    expect(res.headers.get("set-cookie")).toMatch(/funnelwise-dropbox-oauth=;/);

    const [row] = await sessions(admin.id);
    expect(row.revokedAt).toBeNull();
    expect(row.accessTokenEncrypted).toMatch(/^v1\./);
    expect(row.accessTokenEncrypted).not.toContain("sl.");
    expect(row.refreshTokenEncrypted).toMatch(/^v1\./);
    expect(row.additionalInfo).toMatchObject({
      email: "ana.ruiz@northwind.example",
      accountType: "business",
      root: "3000",
      isActive: true,
    });
    expect(await db().select().from(oauthStates).where(eq(oauthStates.userId, admin.id))).toHaveLength(0);

    const info = await connection(token);
    expect(info.body).toMatchObject({ connected: true, email: "ana.ruiz@northwind.example", accountType: "business" });
    expect(JSON.stringify(info.body)).not.toMatch(/v1\.|sl\./);
  });

  it("refuses a callback whose state is missing, from another browser, another user, or used twice", async () => {
    const { viewer } = world;
    const start = await startConnect(viewer.token);
    const back = await consent(fake, start.location, ACCOUNTS.basic);

    const noCookie = await callback(viewer.token, back, undefined);
    expect(new URL(noCookie.headers.get("location") ?? "").searchParams.get("dropbox")).toBe("state-mismatch");
    // The state was consumed by that attempt: the right cookie does not bring it back.
    const replay = await callback(viewer.token, back, start.cookie);
    expect(new URL(replay.headers.get("location") ?? "").searchParams.get("dropbox")).toBe("state-mismatch");

    // A state started by someone else, replayed in this user's session.
    const other = await startConnect(world.creator.token);
    const otherBack = await consent(fake, other.location, ACCOUNTS.basic);
    const foreign = await callback(viewer.token, otherBack, other.cookie);
    expect(new URL(foreign.headers.get("location") ?? "").pathname).toBe("/third-party-service");
    expect(new URL(foreign.headers.get("location") ?? "").searchParams.get("dropbox")).toBe("state-mismatch");

    // A forged state and a wrong cookie.
    const forged = new URL(back);
    forged.searchParams.set("state", "forged-state-value");
    const bad = await callback(viewer.token, forged, "forged-state-value");
    expect(new URL(bad.headers.get("location") ?? "").searchParams.get("dropbox")).toBe("state-mismatch");

    expect(await sessions(viewer.user.id)).toHaveLength(0);
    expect((await connection(viewer.token)).body).toEqual({ connected: false });
  });

  it("tells the user when they did not allow access, and keeps no session", async () => {
    const start = await startConnect(world.creator.token);
    const back = new URL("http://localhost:3000/api/dropbox/callback");
    back.searchParams.set("state", start.cookie);
    back.searchParams.set("error", "access_denied");
    const res = await callback(world.creator.token, back, start.cookie);
    expect(new URL(res.headers.get("location") ?? "").searchParams.get("dropbox")).toBe("denied");
    expect(await sessions(world.creator.user.id)).toHaveLength(0);
  });

  it("refuses to start without a session and never redirects back outside the app", async () => {
    const anonymous = await call((await import("@/app/api/dropbox/connect/route")).GET, {
      path: "/api/dropbox/connect",
    });
    expect(anonymous.status).toBe(401);
    const landing = await connectDropbox(fake, world.creator.token, ACCOUNTS.basic, "https://evil.example/x");
    expect(landing.origin).toBe("http://localhost:3000");
    expect(landing.pathname).toBe("/third-party-service");
  });
});

/** The report's file, named after it (the project and its period). */
const DECK = "Acme leads – Mar 4, 2026 – Mar 31, 2026 – Insights.pptx";

describe("folders and saving", () => {
  it("lists a business account's team root and writable shared folders, not read-only or no-access ones", async () => {
    const res = await folders(world.main.token);
    expect(res.status).toBe(200);
    expect(res.body.folders).toEqual([
      { name: "Ana Ruiz", path: "/Ana Ruiz", kind: "own" },
      { name: "Client Reports", path: "/Client Reports", kind: "team" },
      { name: "Agency Shared", path: "/Ana Ruiz/Agency Shared", kind: "shared" },
    ]);
    const inside = await folders(world.main.token, "/Client Reports");
    expect(inside.body.folders).toEqual([{ name: "Bramble", path: "/Client Reports/Bramble", kind: "own" }]);
  });

  it("saves a report's PowerPoint into a team folder, and a second save is renamed rather than overwritten", async () => {
    const first = await save(world.main.token, { folder: "/Client Reports/Bramble" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      path: `/Client Reports/Bramble/${DECK}`,
      fileName: DECK,
      message: `Saved to Dropbox as /Client Reports/Bramble/${DECK}`,
    });
    const second = await save(world.main.token, { folder: "/Client Reports/Bramble" });
    expect(second.body.path).toBe(`/Client Reports/Bramble/${DECK.replace(".pptx", " (1).pptx")}`);
    const stored = fake.files.filter((f) => f.path.startsWith(`/Client Reports/Bramble/${DECK.slice(0, -5)}`));
    expect(stored).toHaveLength(2);
    for (const f of stored) expect(f.bytes.subarray(0, 2).toString()).toBe("PK");
    expect(stored[0].bytes.length).toBe(first.body.size);

    const xlsx = await save(world.main.token, { folder: "/Ana Ruiz", format: "xlsx" });
    expect(xlsx.body.path).toBe(`/Ana Ruiz/${DECK.replace(".pptx", ".xlsx")}`);
  });

  it("saves a selection and a tag's insights too, and refuses another agency's report as not found", async () => {
    const other = await createAgency();
    const foreign = await call(saveRoute.POST, {
      path: `/api/properties/${world.project.id}/insights/export/dropbox`,
      params: { id: world.project.id },
      token: other.token,
      body: { reportId, format: "pptx", folder: "/Ana Ruiz" },
    });
    expect(foreign.status).toBe(404);
    const unknownReport = await save(world.main.token, { folder: "/Ana Ruiz", reportId: crypto.randomUUID() });
    expect(unknownReport.status).toBe(404);
    const bad = await save(world.main.token, { folder: "../etc" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.folder).toBe("Choose a folder from the list");
  });

  it("answers a folder without write permission (409 path error) with the spec's message", async () => {
    const res = await save(world.main.token, { folder: "/Finance" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("You are not permission to write this folder");
    expect((await connection(world.main.token)).body.connected).toBe(true);
  });

  it("says Dropbox is busy on a lasting 429, and unavailable on lasting 5xx errors, keeping the session", async () => {
    fake.failNext("files/upload", 429, 1, 3600); // a Retry-After too long to wait for in a request
    const limited = await save(world.main.token, { folder: "/Ana Ruiz" });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(DROPBOX_MESSAGES.rateLimited);
    expect(limited.headers.get("retry-after")).toBe("60");

    fake.failNext("files/upload", 503, 4); // every attempt of the retry policy
    const down = await save(world.main.token, { folder: "/Ana Ruiz" });
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(DELIVERY_MESSAGES.dropboxUnavailable);
    expect((await connection(world.main.token)).body.connected).toBe(true);
  });

  it("renews an access token Dropbox ended early, with the stored refresh token, and keeps going", async () => {
    const [row] = (await sessions(world.main.admin.id)).filter((s) => !s.revokedAt);
    const { decryptSecret } = await import("@/server/auth/encryption");
    fake.expireAccessToken(decryptSecret(row.accessTokenEncrypted));
    const res = await folders(world.main.token);
    expect(res.status).toBe(200);
    const [renewed] = (await sessions(world.main.admin.id)).filter((s) => !s.revokedAt);
    expect(renewed.accessTokenEncrypted).not.toBe(row.accessTokenEncrypted);
  });

  it("revokes the session on an invalid token (401) and says to connect again", async () => {
    fake.revokeAll(ACCOUNTS.business);
    const res = await save(world.main.token, { folder: "/Ana Ruiz" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "Your access token is not valid or has expired. Please try to connect your Dropbox again",
    );
    const rows = await sessions(world.main.admin.id);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    expect((await connection(world.main.token)).body).toEqual({ connected: false });
    const next = await folders(world.main.token);
    expect(next.status).toBe(400);
    expect(next.body.message).toBe(DROPBOX_MESSAGES.notConnected);
  });

  it("disconnects: the session is revoked here and the token at Dropbox", async () => {
    await connectDropbox(fake, world.main.token, ACCOUNTS.pro);
    const [row] = (await sessions(world.main.admin.id)).filter((s) => !s.revokedAt);
    expect(row.additionalInfo).toMatchObject({ accountType: "pro" });
    const before = fake.calls.length;
    const res = await call(sessionRoute.DELETE, {
      method: "DELETE",
      path: "/api/dropbox/session",
      token: world.main.token,
    });
    expect(res.body).toEqual({ connected: false });
    expect(fake.calls.slice(before)).toContain("auth/token/revoke");
    expect((await connection(world.main.token)).body).toEqual({ connected: false });
  });
});
