import type { IncomingMessage, ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import { sendGoogleError, sendJson, UNAUTHENTICATED_MESSAGE } from "./http";
import type { FakeState, Grant } from "./state";
import { OWNER_EMAIL } from "./world";

// Google's OAuth 2.0 endpoints as a web server application sees them: the consent redirect, the
// token endpoint (authorization_code and refresh_token grants, form-encoded, errors as
// `{ error, error_description }`), revocation and the userinfo endpoint.

const newToken = (state: FakeState, prefix: string) =>
  `${prefix}${++state.tokenCounter}.${randomBytes(12).toString("base64url")}`;

/** GET /o/oauth2/v2/auth: consents at once (or refuses, per `state.consent`) and redirects back. */
export function handleConsent(state: FakeState, url: URL, res: ServerResponse): void {
  const redirectUri = url.searchParams.get("redirect_uri") ?? "";
  if (url.searchParams.get("client_id") !== state.clientId || !redirectUri) {
    res.writeHead(400, { "content-type": "text/plain" });
    res.end("Error 401: invalid_client");
    return;
  }
  const back = new URL(redirectUri);
  const csrf = url.searchParams.get("state");
  if (csrf !== null) back.searchParams.set("state", csrf);
  if (state.consent === "deny") {
    back.searchParams.set("error", "access_denied");
  } else {
    const code = `4/0fake${newToken(state, "")}`;
    const scope = url.searchParams.get("scope") ?? "";
    state.authCodes.set(code, { email: url.searchParams.get("login_hint") || OWNER_EMAIL, scope, redirectUri });
    back.searchParams.set("code", code);
    back.searchParams.set("scope", scope);
  }
  res.writeHead(302, { location: back.toString() });
  res.end();
}

function issueAccessToken(state: FakeState, grant: Grant) {
  const accessToken = newToken(state, "ya29.fake");
  state.accessTokens.set(accessToken, { ...grant, expiresAt: Date.now() + state.accessTokenTtlSeconds * 1000 });
  return accessToken;
}

/** POST /token */
export function handleToken(state: FakeState, req: IncomingMessage, body: string, res: ServerResponse): void {
  const form = new URLSearchParams(body);
  // Clients send their credentials in the body (client_secret_post) or as HTTP Basic.
  let clientId = form.get("client_id");
  let clientSecret = form.get("client_secret");
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
  if (basic) [clientId, clientSecret] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
  if (clientId !== state.clientId || clientSecret !== state.clientSecret) {
    sendJson(res, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
    return;
  }
  const grantType = form.get("grant_type");
  if (grantType === "authorization_code") {
    const code = form.get("code") ?? "";
    const grant = state.authCodes.get(code);
    state.authCodes.delete(code); // single use
    if (!grant || grant.redirectUri !== form.get("redirect_uri")) {
      sendJson(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
      return;
    }
    const refreshToken = newToken(state, "1//fake");
    state.refreshTokens.set(refreshToken, { email: grant.email, scope: grant.scope });
    sendJson(res, 200, {
      access_token: issueAccessToken(state, grant),
      expires_in: state.accessTokenTtlSeconds,
      refresh_token: refreshToken,
      scope: grant.scope,
      token_type: "Bearer",
    });
    return;
  }
  if (grantType === "refresh_token") {
    const grant = state.refreshTokens.get(form.get("refresh_token") ?? "");
    if (!grant) {
      sendJson(res, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      return;
    }
    sendJson(res, 200, {
      access_token: issueAccessToken(state, grant),
      expires_in: state.accessTokenTtlSeconds,
      scope: grant.scope,
      token_type: "Bearer",
    });
    return;
  }
  sendJson(res, 400, { error: "unsupported_grant_type", error_description: `Invalid grant_type: ${grantType ?? ""}` });
}

/** POST /revoke?token=...: revokes a refresh token (and so every access token of its grant). */
export function handleRevoke(state: FakeState, url: URL, body: string, res: ServerResponse): void {
  const token = url.searchParams.get("token") ?? new URLSearchParams(body).get("token") ?? "";
  if (!state.refreshTokens.delete(token) && !state.accessTokens.delete(token)) {
    sendJson(res, 400, { error: "invalid_token", error_description: "Token expired or revoked" });
    return;
  }
  sendJson(res, 200, {});
}

/** The grant behind the request's bearer token, or a 401 in Google's error shape (and undefined). */
export function authenticate(state: FakeState, req: IncomingMessage, res: ServerResponse): Grant | undefined {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
  const grant = state.accessTokens.get(token);
  if (!grant || grant.expiresAt < Date.now()) {
    sendGoogleError(res, 401, UNAUTHENTICATED_MESSAGE);
    return undefined;
  }
  return grant;
}

/** GET /oauth2/v2/userinfo */
export function handleUserInfo(state: FakeState, req: IncomingMessage, res: ServerResponse): void {
  const grant = authenticate(state, req, res);
  if (!grant) return;
  const name = grant.email.split("@")[0];
  sendJson(res, 200, {
    id: String(100_000_000_000 + grant.email.length * 7919),
    email: grant.email,
    verified_email: true,
    name,
    given_name: name,
    picture: "https://lh3.googleusercontent.com/a/default-user",
  });
}
