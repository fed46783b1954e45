import { createHash, randomBytes } from "node:crypto";

// What is in a folder of the Dropbox fake (its basic account), read the way any Dropbox client
// reads it: an OAuth code with PKCE from the fake's consent page, then files/list_folder.

const b64url = (buf: Buffer) => buf.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

async function accessToken(): Promise<string> {
  const base = process.env.E2E_DROPBOX_URL!;
  const appKey = process.env.E2E_DROPBOX_APP_KEY!;
  const verifier = b64url(randomBytes(32));
  const redirectUri = "http://localhost/dropbox-journey-check";
  const authorize = new URL("/oauth2/authorize", base);
  authorize.search = new URLSearchParams({
    client_id: appKey,
    response_type: "code",
    redirect_uri: redirectUri,
    code_challenge: b64url(createHash("sha256").update(verifier).digest()),
    code_challenge_method: "S256",
  }).toString();
  const consent = await fetch(authorize, { redirect: "manual" });
  const code = new URL(consent.headers.get("location")!).searchParams.get("code")!;
  const token = await fetch(new URL("/oauth2/token", base), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      client_id: appKey,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

export async function dropboxFilesIn(folder: string): Promise<{ name: string; size: number }[]> {
  const res = await fetch(new URL("/2/files/list_folder", process.env.E2E_DROPBOX_URL!), {
    method: "POST",
    headers: { Authorization: `Bearer ${await accessToken()}`, "Content-Type": "application/json" },
    body: JSON.stringify({ path: folder }),
  });
  if (!res.ok) throw new Error(`list_folder ${folder}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { entries: { ".tag": string; name: string; size?: number }[] };
  return body.entries.filter((e) => e[".tag"] === "file").map((e) => ({ name: e.name, size: e.size ?? 0 }));
}
