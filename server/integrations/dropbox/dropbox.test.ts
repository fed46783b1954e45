import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startDropboxFake, type DropboxFake } from "@/e2e/fakes/dropbox/server";
import { DELIVERY_MESSAGES, MESSAGES } from "@/lib/constants/messages";

// The official SDK, unmodified, talks to the local fake through the URL-rewriting fetch.
let fake: DropboxFake;
let dbx: {
  oauth: typeof import("./oauth");
  account: typeof import("./account");
  folders: typeof import("./list-folders");
  upload: typeof import("./upload");
  errors: typeof import("./errors");
};

const BASIC = "dbid:AAB-basic-0001";
const PRO = "dbid:AAB-pro-0002";
const BUSINESS = "dbid:AAB-business-0003";
const fastRetry = { attempts: 4, baseDelayMs: 5, maxDelayMs: 2_000 };

beforeAll(async () => {
  fake = await startDropboxFake({ pageSize: 2 });
  vi.resetModules();
  process.env.DROPBOX_API_URL = fake.baseUrl;
  process.env.DROPBOX_APP_KEY = fake.appKey;
  delete process.env.DROPBOX_APP_SECRET; // PKCE: the server never needs the secret
  dbx = {
    oauth: await import("./oauth"),
    account: await import("./account"),
    folders: await import("./list-folders"),
    upload: await import("./upload"),
    errors: await import("./errors"),
  };
});

afterAll(async () => {
  delete process.env.DROPBOX_API_URL;
  delete process.env.DROPBOX_APP_KEY;
  await fake.close();
});

function credentialsFor(accountId: string) {
  const t = fake.issueTokens(accountId);
  return {
    accessToken: t.accessToken,
    refreshToken: t.refreshToken,
    accessTokenExpiresAt: new Date(Date.now() + t.expiresIn * 1000),
  };
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(dbx.errors.DropboxError);
  return error as InstanceType<typeof dbx.errors.DropboxError>;
}

describe("Dropbox OAuth with PKCE", () => {
  it("authorizes, exchanges the code with the verifier, and refreshes the access token", async () => {
    fake.authorizeAs(BUSINESS);
    const redirectUri = "http://localhost:3000/api/dropbox/callback?from=settings";
    const { url, codeVerifier } = await dbx.oauth.dropboxAuthorizeUrl({ redirectUri, state: "st/ate=1" });
    const authorize = new URL(url);
    expect(authorize.origin).toBe(fake.baseUrl);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("token_access_type")).toBe("offline");
    expect(authorize.searchParams.get("redirect_uri")).toBe(redirectUri);
    expect(codeVerifier.length).toBeGreaterThanOrEqual(43);

    const consent = await fetch(url, { redirect: "manual" });
    const back = new URL(consent.headers.get("location") ?? "");
    expect(back.searchParams.get("state")).toBe("st/ate=1");
    const code = back.searchParams.get("code") ?? "";

    // A stolen code is useless without the verifier.
    const wrong = await failure(dbx.oauth.exchangeDropboxCode({ code, codeVerifier: "x".repeat(64), redirectUri }));
    expect(wrong.failure).toBe("token");

    const again = await fetch(url, { redirect: "manual" });
    const code2 = new URL(again.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const tokens = await dbx.oauth.exchangeDropboxCode({ code: code2, codeVerifier, redirectUri });
    expect(tokens.accountId).toBe(BUSINESS);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 3_600_000);

    const refreshed = await dbx.oauth.refreshDropboxToken(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    const account = await dbx.account.getDropboxAccount({ accessToken: refreshed.accessToken });
    expect(account.email).toBe("ana.ruiz@northwind.example");
  });

  it("reports a revoked refresh token as a dead connection", async () => {
    const creds = credentialsFor(PRO);
    fake.revokeAll(PRO);
    const error = await failure(dbx.oauth.refreshDropboxToken(creds.refreshToken));
    expect(error.failure).toBe("token");
    expect(error.message).toBe(DELIVERY_MESSAGES.dropboxTokenInvalid);
  });
});

describe("the current account", () => {
  it("reads email, account type and root namespace for personal and business accounts", async () => {
    const basic = await dbx.account.getDropboxAccount(credentialsFor(BASIC));
    expect(basic).toMatchObject({
      email: "lena.basic@example.com",
      accountType: "basic",
      isTeam: false,
      rootNamespaceId: "1001",
    });
    const pro = await dbx.account.getDropboxAccount(credentialsFor(PRO));
    expect(pro.accountType).toBe("pro");
    const business = await dbx.account.getDropboxAccount(credentialsFor(BUSINESS));
    expect(business).toMatchObject({
      accountType: "business",
      isTeam: true,
      rootNamespaceId: "3000",
      homeNamespaceId: "3001",
      homePath: "/Ana Ruiz",
      displayName: "Ana Ruiz",
    });
  });
});

describe("listing folders", () => {
  it("shows a basic account its own folders, page after page", async () => {
    const creds = credentialsFor(BASIC);
    const account = await dbx.account.getDropboxAccount(creds);
    const folders = await dbx.folders.listDropboxFolders({ credentials: creds, account });
    expect(folders).toEqual([
      { name: "Reports", path: "/Reports", kind: "own" },
      { name: "Photos", path: "/Photos", kind: "own" },
    ]);
    const sub = await dbx.folders.listDropboxFolders({ credentials: creds, account, path: "/Reports" });
    expect(sub.map((f) => f.path)).toEqual(["/Reports/2024"]);
  });

  it("leaves a pro account's read-only shared folder out", async () => {
    const creds = credentialsFor(PRO);
    const account = await dbx.account.getDropboxAccount(creds);
    const folders = await dbx.folders.listDropboxFolders({ credentials: creds, account });
    expect(folders.map((f) => f.name)).toEqual(["Client Deliverables"]);
  });

  it("shows a business account the team root and writable shared folders, not read-only or no-access ones", async () => {
    const creds = credentialsFor(BUSINESS);
    const account = await dbx.account.getDropboxAccount(creds);
    const before = fake.calls.length;
    const folders = await dbx.folders.listDropboxFolders({ credentials: creds, account });
    expect(folders).toEqual([
      { name: "Ana Ruiz", path: "/Ana Ruiz", kind: "own" },
      { name: "Client Reports", path: "/Client Reports", kind: "team" },
      { name: "Agency Shared", path: "/Ana Ruiz/Agency Shared", kind: "shared" },
    ]);
    const calls = fake.calls.slice(before);
    expect(calls).toContain("files/list_folder/continue");
    expect(calls).toContain("sharing/list_folders/continue");

    const inside = await dbx.folders.listDropboxFolders({ credentials: creds, account, path: "/Client Reports" });
    expect(inside).toEqual([{ name: "Bramble", path: "/Client Reports/Bramble", kind: "own" }]);
  });
});

describe("uploading", () => {
  it("writes into a team folder byte for byte and renames rather than overwrites", async () => {
    const creds = credentialsFor(BUSINESS);
    const account = await dbx.account.getDropboxAccount(creds);
    const first = randomBytes(64 * 1024);
    const second = randomBytes(1024);
    const a = await dbx.upload.uploadToDropbox({
      credentials: creds,
      account,
      folder: "/Client Reports/Bramble/",
      fileName: "Funnelwise-Insights.pptx",
      contents: first,
    });
    const b = await dbx.upload.uploadToDropbox({
      credentials: creds,
      account,
      folder: "/Client Reports/Bramble",
      fileName: "Funnelwise-Insights.pptx",
      contents: second,
    });
    expect(a.path).toBe("/Client Reports/Bramble/Funnelwise-Insights.pptx");
    expect(b.path).toBe("/Client Reports/Bramble/Funnelwise-Insights (1).pptx");
    const stored = fake.files.filter((f) => f.accountId === BUSINESS && f.path.startsWith("/Client Reports/Bramble/"));
    expect(stored.map((f) => f.bytes.equals(f.path.includes("(1)") ? second : first))).toEqual([true, true]);
  });

  it("refuses a read-only team folder with the spec's path message", async () => {
    const creds = credentialsFor(BUSINESS);
    const account = await dbx.account.getDropboxAccount(creds);
    const error = await failure(
      dbx.upload.uploadToDropbox({
        credentials: creds,
        account,
        folder: "/Finance",
        fileName: "report.xlsx",
        contents: Buffer.from("x"),
      }),
    );
    expect(error.failure).toBe("path");
    expect(error.message).toBe("You are not permission to write this folder");
    expect(error.summary).toMatch(/^path\/no_write_permission/);
  });

  it("names an invalid token with the spec's reconnect message", async () => {
    const error = await failure(
      dbx.upload.uploadToDropbox({
        credentials: { accessToken: "sl.revoked" },
        account: { isTeam: false, rootNamespaceId: "1001" },
        folder: "/Reports",
        fileName: "report.xlsx",
        contents: Buffer.from("x"),
      }),
    );
    expect(error.failure).toBe("token");
    expect(error.message).toBe(
      "Your access token is not valid or has expired. Please try to connect your Dropbox again",
    );
  });

  it("renews an expired access token with the refresh token before uploading", async () => {
    const creds = credentialsFor(BASIC);
    fake.expireAccessToken(creds.accessToken);
    const expired = await failure(
      dbx.account.getDropboxAccount({
        accessToken: creds.accessToken,
        accessTokenExpiresAt: new Date(Date.now() + 3e6),
      }),
    );
    expect(expired.summary).toMatch(/^expired_access_token/);
    const result = await dbx.upload.uploadToDropbox({
      credentials: { ...creds, accessTokenExpiresAt: new Date(Date.now() - 1000) },
      account: { isTeam: false, rootNamespaceId: "1001" },
      folder: "/Reports",
      fileName: "renewed.xlsx",
      contents: Buffer.from("renewed"),
    });
    expect(result.accessToken).not.toBe(creds.accessToken);
    expect(result.path).toBe("/Reports/renewed.xlsx");
  });

  it("retries 429 and 5xx with back-off and stores the file once", async () => {
    const creds = credentialsFor(BASIC);
    const account = { isTeam: false, rootNamespaceId: "1001" };
    fake.failNext("files/upload", 429, 1, 0);
    fake.failNext("files/upload", 503, 1);
    const before = fake.calls.length;
    const result = await dbx.upload.uploadToDropbox({
      credentials: creds,
      account,
      folder: "/Reports",
      fileName: "retried.pptx",
      contents: Buffer.from("once"),
      options: { retry: fastRetry },
    });
    expect(fake.calls.slice(before).filter((c) => c === "files/upload")).toHaveLength(3);
    expect(result.path).toBe("/Reports/retried.pptx");
    expect(fake.files.filter((f) => f.path.startsWith("/Reports/retried"))).toHaveLength(1);
  });

  it("gives up on a Dropbox that keeps failing and says it is unavailable, worth retrying later", async () => {
    const creds = credentialsFor(BASIC);
    fake.failNext("files/upload", 500, 10);
    const error = await failure(
      dbx.upload.uploadToDropbox({
        credentials: creds,
        account: { isTeam: false, rootNamespaceId: "1001" },
        folder: "/Reports",
        fileName: "never.pptx",
        contents: Buffer.from("x"),
        options: { retry: fastRetry },
      }),
    );
    expect(error.failure).toBe("unavailable");
    expect(error.retryable).toBe(true);
    expect(error.message).not.toBe(MESSAGES.internalError);
    fake.failNext("files/upload", 500, 0);
  });
});
