// A local stand-in for the Dropbox API v2 that speaks its wire format: RPC calls with JSON bodies,
// uploads with the Dropbox-API-Arg header, tagged unions (".tag"), error bodies with error_summary,
// the OAuth 2 code flow with PKCE (S256) and refresh tokens, Dropbox-API-Path-Root for team spaces,
// and injectable faults (429 with Retry-After, 5xx) for retry tests.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { defaultAccounts, type FakeAccount, type FakeFolder } from "./accounts";

export interface StoredFile {
  accountId: string;
  /** From the root namespace. */
  path: string;
  bytes: Buffer;
  rev: string;
}

interface Fault {
  route: string;
  status: number;
  times: number;
  retryAfter?: number;
}

export interface DropboxFakeOptions {
  appKey?: string;
  appSecret?: string;
  accounts?: FakeAccount[];
  /** Entries per list_folder / list_folders page, so tests reach the /continue routes. */
  pageSize?: number;
  /** Access token lifetime, seconds (Dropbox issues 4-hour tokens). */
  tokenLifetime?: number;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface DropboxFake {
  baseUrl: string;
  appKey: string;
  appSecret: string;
  files: StoredFile[];
  /** Requests seen, as "route" strings, to count retries. */
  calls: string[];
  /** An access and refresh token for an account, as if it had gone through OAuth. */
  issueTokens(accountId: string): { accessToken: string; refreshToken: string; expiresIn: number };
  expireAccessToken(accessToken: string): void;
  revokeAll(accountId: string): void;
  /** The next `times` calls to `route` (e.g. "files/upload") answer `status`. */
  failNext(route: string, status: number, times?: number, retryAfter?: number): void;
  /** Which account the /oauth2/authorize page signs in as. */
  authorizeAs(accountId: string): void;
  close(): Promise<void>;
}

const lower = (p: string) => p.toLowerCase();
const basename = (p: string) => p.slice(p.lastIndexOf("/") + 1);
const parentOf = (p: string) => p.slice(0, p.lastIndexOf("/"));
const b64url = (buf: Buffer) => buf.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function errorBody(summary: string, error: unknown) {
  return { error_summary: `${summary}/..`, error };
}

export async function startDropboxFake(options: DropboxFakeOptions = {}): Promise<DropboxFake> {
  const appKey = options.appKey ?? "fake-app-key";
  const appSecret = options.appSecret ?? "fake-app-secret";
  const accounts = options.accounts ?? defaultAccounts();
  const pageSize = options.pageSize ?? 2000;
  const lifetime = options.tokenLifetime ?? 14_400;
  const accessTokens = new Map<string, { accountId: string; expiresAt: number }>();
  const refreshTokens = new Map<string, string>();
  const codes = new Map<string, { accountId: string; challenge: string; redirectUri: string }>();
  const faults: Fault[] = [];
  const files: StoredFile[] = [];
  const calls: string[] = [];
  let authorizeAccount = accounts[0].accountId;

  const accountById = (id: string) => accounts.find((a) => a.accountId === id);

  function newAccessToken(accountId: string) {
    const token = `sl.${b64url(randomBytes(24))}`;
    accessTokens.set(token, { accountId, expiresAt: Date.now() + lifetime * 1000 });
    return token;
  }

  function issueTokens(accountId: string) {
    const refreshToken = b64url(randomBytes(24));
    refreshTokens.set(refreshToken, accountId);
    return { accessToken: newAccessToken(accountId), refreshToken, expiresIn: lifetime };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        handle(req, res, Buffer.concat(chunks));
      } catch (error) {
        res.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
      }
    });
  });

  function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? "/", "http://fake");
    const route = url.pathname.replace(/^\/2\//, "").replace(/^\//, "");
    calls.push(route);

    const fault = faults.find((f) => f.route === route && f.times > 0);
    if (fault) {
      fault.times -= 1;
      if (fault.status === 429)
        return json(
          res,
          429,
          errorBody("too_many_requests", {
            reason: { ".tag": "too_many_requests" },
            retry_after: fault.retryAfter ?? 1,
          }),
          { "Retry-After": String(fault.retryAfter ?? 1) },
        );
      res.writeHead(fault.status, { "Content-Type": "text/plain" }).end("Internal Server Error");
      return;
    }

    if (route === "oauth2/authorize" && req.method === "GET") return authorize(url, res);
    if (route === "oauth2/token") return token(url, body, res);

    // Every API route needs a live user access token.
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const session = bearer ? accessTokens.get(bearer) : undefined;
    if (!session) return json(res, 401, errorBody("invalid_access_token", { ".tag": "invalid_access_token" }));
    if (session.expiresAt <= Date.now())
      return json(res, 401, errorBody("expired_access_token", { ".tag": "expired_access_token" }));
    const account = accountById(session.accountId);
    if (!account) return json(res, 401, errorBody("invalid_access_token", { ".tag": "invalid_access_token" }));

    // Paths are relative to the home namespace unless the caller roots them elsewhere.
    let base = account.homePath;
    const pathRoot = req.headers["dropbox-api-path-root"];
    if (typeof pathRoot === "string") {
      const root = JSON.parse(pathRoot) as { ".tag": string; root?: string; namespace_id?: string };
      const ns = root.root ?? root.namespace_id;
      if (root[".tag"] === "root" && ns === account.rootNamespaceId) base = "";
      else if (root[".tag"] !== "home" && ns !== account.homeNamespaceId)
        return json(res, 422, errorBody("invalid_root", { ".tag": "invalid_root", invalid_root: { ".tag": "team" } }));
    }

    const arg = () =>
      JSON.parse(
        route === "files/upload" ? String(req.headers["dropbox-api-arg"] ?? "{}") : body.toString("utf8") || "null",
      ) as Record<string, unknown>;

    switch (route) {
      case "auth/token/revoke":
        // Disconnecting: the access token stops working (the SDK expects a JSON null back).
        accessTokens.delete(bearer as string);
        return json(res, 200, null);
      case "users/get_current_account":
        return json(res, 200, currentAccount(account));
      case "files/list_folder":
        return listFolder(res, account, base, arg());
      case "files/list_folder/continue":
        return listFolderContinue(res, account, arg());
      case "sharing/list_folders":
        return listShared(res, account, base, 0, Number(arg()?.limit ?? 1000));
      case "sharing/list_folders/continue":
        return listSharedContinue(res, account, arg());
      case "files/upload":
        return upload(res, account, base, arg(), body);
      default:
        return json(res, 400, { error: `Unknown API function: "${route}"` });
    }
  }

  function authorize(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri") ?? "";
    if (q.get("client_id") !== appKey || q.get("response_type") !== "code") {
      res.writeHead(400, { "Content-Type": "text/plain" }).end("Invalid client_id or response_type");
      return;
    }
    const code = b64url(randomBytes(16));
    codes.set(code, { accountId: authorizeAccount, challenge: q.get("code_challenge") ?? "", redirectUri });
    const target = new URL(redirectUri);
    target.searchParams.set("code", code);
    if (q.get("state")) target.searchParams.set("state", q.get("state") as string);
    res.writeHead(302, { Location: target.toString() }).end();
  }

  function token(url: URL, body: Buffer, res: http.ServerResponse) {
    // The SDK sends the grant in the query string; other clients post a form body.
    const p = new URLSearchParams(url.search);
    for (const [k, v] of new URLSearchParams(body.toString("utf8"))) p.set(k, v);
    const bad = (error: string, description: string) => json(res, 400, { error, error_description: description });
    if (p.get("client_id") !== appKey) return bad("invalid_client", "Invalid client_id or client_secret");
    if (p.get("client_secret") && p.get("client_secret") !== appSecret)
      return bad("invalid_client", "Invalid client_id or client_secret");
    if (p.get("grant_type") === "authorization_code") {
      const entry = codes.get(p.get("code") ?? "");
      if (!entry) return bad("invalid_grant", "code doesn't exist or has expired");
      codes.delete(p.get("code") ?? "");
      if (entry.redirectUri && entry.redirectUri !== p.get("redirect_uri"))
        return bad("invalid_grant", "redirect_uri mismatch");
      if (!p.get("client_secret")) {
        const verifier = p.get("code_verifier") ?? "";
        if (b64url(createHash("sha256").update(verifier).digest()) !== entry.challenge)
          return bad("invalid_grant", "invalid code verifier");
      }
      const t = issueTokens(entry.accountId);
      return json(res, 200, {
        access_token: t.accessToken,
        token_type: "bearer",
        expires_in: t.expiresIn,
        refresh_token: t.refreshToken,
        scope: "account_info.read files.content.write files.metadata.read sharing.read",
        uid: entry.accountId.replace(/\D/g, ""),
        account_id: entry.accountId,
      });
    }
    if (p.get("grant_type") === "refresh_token") {
      const accountId = refreshTokens.get(p.get("refresh_token") ?? "");
      if (!accountId) return bad("invalid_grant", "refresh token is malformed");
      return json(res, 200, { access_token: newAccessToken(accountId), token_type: "bearer", expires_in: lifetime });
    }
    return bad("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
  }

  function currentAccount(a: FakeAccount) {
    const displayName = `${a.givenName} ${a.surname}`;
    return {
      account_id: a.accountId,
      name: {
        given_name: a.givenName,
        surname: a.surname,
        familiar_name: a.givenName,
        display_name: displayName,
        abbreviated_name: `${a.givenName[0]}${a.surname[0]}`,
      },
      email: a.email,
      email_verified: true,
      disabled: false,
      country: "GB",
      locale: "en",
      referral_link: `https://www.dropbox.com/referrals/${a.accountId.slice(5)}`,
      is_paired: false,
      account_type: { ".tag": a.accountType },
      root_info: a.team
        ? {
            ".tag": "team",
            root_namespace_id: a.rootNamespaceId,
            home_namespace_id: a.homeNamespaceId,
            home_path: a.homePath,
          }
        : { ".tag": "user", root_namespace_id: a.rootNamespaceId, home_namespace_id: a.homeNamespaceId },
      ...(a.team
        ? {
            team: {
              id: a.team.id,
              name: a.team.name,
              sharing_policies: {
                shared_folder_member_policy: { ".tag": "anyone" },
                shared_folder_join_policy: { ".tag": "from_anyone" },
                shared_link_create_policy: { ".tag": "default_public" },
              },
              office_addin_policy: { ".tag": "disabled" },
              top_level_content_policy: { ".tag": "admin_only" },
            },
            team_member_id: a.team.memberId,
          }
        : {}),
    };
  }

  function folderMetadata(f: FakeFolder, base: string) {
    const display = f.path.slice(base.length);
    return {
      ".tag": "folder",
      name: basename(f.path),
      path_lower: lower(display),
      path_display: display,
      id: f.id,
      ...(f.sharing
        ? {
            shared_folder_id: f.sharing.sharedFolderId,
            sharing_info: {
              read_only: f.sharing.readOnly,
              shared_folder_id: f.sharing.sharedFolderId,
              traverse_only: f.sharing.traverseOnly ?? false,
              no_access: f.sharing.noAccess ?? false,
            },
          }
        : {}),
    };
  }

  function fileMetadata(file: StoredFile, base: string) {
    const display = file.path.slice(base.length);
    return {
      ".tag": "file",
      name: basename(file.path),
      path_lower: lower(display),
      path_display: display,
      id: `id:${file.rev}`,
      client_modified: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      server_modified: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      rev: file.rev,
      size: file.bytes.length,
      is_downloadable: true,
      content_hash: dropboxContentHash(file.bytes),
    };
  }

  function entriesUnder(account: FakeAccount, dir: string, recursive: boolean, base: string) {
    const inDir = (p: string) =>
      recursive ? lower(p).startsWith(`${lower(dir)}/`) : lower(parentOf(p)) === lower(dir) && p !== dir;
    return [
      ...account.folders.filter((f) => inDir(f.path)).map((f) => folderMetadata(f, base)),
      ...files.filter((f) => f.accountId === account.accountId && inDir(f.path)).map((f) => fileMetadata(f, base)),
    ];
  }

  function page(res: http.ServerResponse, entries: unknown[], offset: number, cursorState: object, key = "entries") {
    const slice = entries.slice(offset, offset + pageSize);
    const next = offset + slice.length;
    const cursor = b64url(Buffer.from(JSON.stringify({ ...cursorState, offset: next })));
    return json(res, 200, { [key]: slice, cursor, has_more: next < entries.length });
  }

  function listFolder(res: http.ServerResponse, account: FakeAccount, base: string, a: Record<string, unknown>) {
    const requested = String(a.path ?? "");
    if (requested !== "" && !requested.startsWith("/") && !requested.startsWith("id:"))
      return json(res, 400, {
        error: `Error in call to API function "files/list_folder": request body: path: '${requested}' did not match pattern '(/(.|[\\r\\n])*)?|id:.*|(ns:[0-9]+(/.*)?)'`,
      });
    const dir = requested === "" ? base : `${base}${requested}`;
    const exists = requested === "" || account.folders.some((f) => lower(f.path) === lower(dir));
    if (!exists) return json(res, 409, errorBody("path/not_found", { ".tag": "path", path: { ".tag": "not_found" } }));
    const folder = account.folders.find((f) => lower(f.path) === lower(dir));
    if (folder?.sharing?.noAccess)
      return json(res, 409, errorBody("path/not_found", { ".tag": "path", path: { ".tag": "not_found" } }));
    const entries = entriesUnder(account, dir, Boolean(a.recursive), base);
    return page(res, entries, 0, { accountId: account.accountId, dir, base, recursive: Boolean(a.recursive) });
  }

  function decodeCursor(cursor: unknown): Record<string, unknown> | null {
    try {
      return JSON.parse(Buffer.from(String(cursor), "base64url").toString("utf8")) as Record<string, unknown>;
    } catch {
      return null;
    }
  }

  function listFolderContinue(res: http.ServerResponse, account: FakeAccount, a: Record<string, unknown>) {
    const c = decodeCursor(a.cursor);
    if (!c || c.accountId !== account.accountId) return json(res, 409, errorBody("reset", { ".tag": "reset" }));
    const entries = entriesUnder(account, String(c.dir), Boolean(c.recursive), String(c.base));
    return page(res, entries, Number(c.offset), c);
  }

  function sharedFolderMetadata(account: FakeAccount, base: string) {
    return account.sharedFolders.map((s) => {
      const path = s.path && s.path.startsWith(base) ? s.path.slice(base.length) : undefined;
      return {
        access_type: { ".tag": s.accessType },
        is_inside_team_folder: s.isInsideTeamFolder,
        is_team_folder: s.isTeamFolder,
        name: s.name,
        policy: {
          acl_update_policy: { ".tag": "editors" },
          shared_link_policy: { ".tag": "anyone" },
          member_policy: { ".tag": "anyone" },
          resolved_member_policy: { ".tag": "anyone" },
        },
        preview_url: `https://www.dropbox.com/scl/fo/${s.sharedFolderId}`,
        shared_folder_id: s.sharedFolderId,
        time_invited: "2024-01-15T09:30:00Z",
        access_inheritance: { ".tag": "inherit" },
        ...(path ? { path_lower: lower(path), path_display: path } : {}),
        ...(account.team && (s.isTeamFolder || s.isInsideTeamFolder)
          ? { owner_team: { id: account.team.id, name: account.team.name } }
          : {}),
      };
    });
  }

  function listShared(res: http.ServerResponse, account: FakeAccount, base: string, offset: number, limit: number) {
    const entries = sharedFolderMetadata(account, base);
    const slice = entries.slice(offset, offset + Math.min(limit, pageSize));
    const next = offset + slice.length;
    const more = next < entries.length;
    const cursor = more
      ? b64url(Buffer.from(JSON.stringify({ accountId: account.accountId, base, offset: next })))
      : undefined;
    return json(res, 200, { entries: slice, ...(cursor ? { cursor } : {}) });
  }

  function listSharedContinue(res: http.ServerResponse, account: FakeAccount, a: Record<string, unknown>) {
    const c = decodeCursor(a.cursor);
    if (!c || c.accountId !== account.accountId)
      return json(res, 409, errorBody("invalid_cursor", { ".tag": "invalid_cursor" }));
    return listShared(res, account, String(c.base), Number(c.offset), 1000);
  }

  function writeError(res: http.ServerResponse, reason: string, extra: object = {}) {
    return json(
      res,
      409,
      errorBody(`path/${reason}`, {
        ".tag": "path",
        reason: { ".tag": reason, ...extra },
        upload_session_id: b64url(randomBytes(12)),
      }),
    );
  }

  function upload(
    res: http.ServerResponse,
    account: FakeAccount,
    base: string,
    a: Record<string, unknown>,
    bytes: Buffer,
  ) {
    const requested = String(a.path ?? "");
    if (!requested.startsWith("/") || requested.endsWith("/") || requested.includes("//"))
      return writeError(res, "malformed_path");
    const full = `${base}${requested}`;
    // The nearest shared or team folder above decides whether this account may write here.
    const guard = account.folders
      .filter((f) => f.sharing && lower(full).startsWith(`${lower(f.path)}/`))
      .sort((x, y) => y.path.length - x.path.length)[0];
    if (guard?.sharing && (guard.sharing.readOnly || guard.sharing.noAccess || guard.sharing.traverseOnly))
      return writeError(res, "no_write_permission");
    const mode = a.mode as string | { ".tag": string } | undefined;
    const modeTag = typeof mode === "string" ? mode : (mode?.[".tag"] ?? "add");
    const taken = (p: string) =>
      files.some((f) => f.accountId === account.accountId && lower(f.path) === lower(p)) ||
      account.folders.some((f) => lower(f.path) === lower(p));
    let target = full;
    if (taken(target) && modeTag === "add") {
      if (!a.autorename) return writeError(res, "conflict", { conflict: { ".tag": "file" } });
      const dot = basename(full).lastIndexOf(".");
      const stem = dot > 0 ? full.slice(0, full.length - (basename(full).length - dot)) : full;
      const ext = dot > 0 ? basename(full).slice(dot) : "";
      for (let n = 1; taken(target); n++) target = `${stem} (${n})${ext}`;
    }
    const stored: StoredFile = { accountId: account.accountId, path: target, bytes, rev: b64url(randomBytes(9)) };
    const i = files.findIndex((f) => f.accountId === account.accountId && lower(f.path) === lower(target));
    if (i >= 0) files[i] = stored;
    else files.push(stored);
    const meta = fileMetadata(stored, base) as Record<string, unknown>;
    delete meta[".tag"];
    return json(res, 200, meta);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    appKey,
    appSecret,
    files,
    calls,
    issueTokens,
    expireAccessToken(accessToken) {
      const t = accessTokens.get(accessToken);
      if (t) t.expiresAt = Date.now() - 1000;
    },
    revokeAll(accountId) {
      for (const [k, v] of accessTokens) if (v.accountId === accountId) accessTokens.delete(k);
      for (const [k, v] of refreshTokens) if (v === accountId) refreshTokens.delete(k);
    },
    failNext(route, status, times = 1, retryAfter) {
      faults.push({ route, status, times, retryAfter });
    },
    authorizeAs(accountId) {
      authorizeAccount = accountId;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Dropbox's content hash: SHA-256 over the concatenated SHA-256 digests of 4 MiB blocks. */
export function dropboxContentHash(bytes: Buffer): string {
  const blocks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 4 * 1024 * 1024)
    blocks.push(
      createHash("sha256")
        .update(bytes.subarray(i, i + 4 * 1024 * 1024))
        .digest(),
    );
  return createHash("sha256").update(Buffer.concat(blocks)).digest("hex");
}
