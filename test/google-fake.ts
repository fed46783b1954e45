import { startGoogleFake, type GoogleFake, type GoogleFakeOptions } from "@/e2e/fakes/google/server";
import { resetGoogleConfig } from "@/server/integrations/google/config";

/** Starts the Google fake and points the Google clients at it, with fast backoff for tests. */
export async function startGoogleForTests(options: GoogleFakeOptions = {}): Promise<GoogleFake> {
  const fake = await startGoogleFake(options);
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: fake.state.clientId,
    GOOGLE_CLIENT_SECRET: fake.state.clientSecret,
    GOOGLE_REDIRECT_URL: "http://localhost:3000/api/google-service/auth-code",
    GOOGLE_ADS_DEVELOPER_TOKEN: fake.state.developerToken,
    GOOGLE_OAUTH_URL: fake.url,
    GOOGLE_API_ROOT_URL: fake.url,
    GOOGLE_ADS_API_URL: fake.url,
    GOOGLE_RETRY_BASE_MS: "1",
    GOOGLE_RETRY_ATTEMPTS: "4",
  });
  resetGoogleConfig();
  return fake;
}

/** Goes through the consent redirect and the code exchange, as the browser and our callback do. */
export async function signInWithGoogle(fake: GoogleFake, email?: string) {
  const { consentUrl, exchangeCode } = await import("@/server/integrations/google/auth");
  const url = new URL(consentUrl("test-state", email));
  const answer = await fetch(url, { redirect: "manual" });
  const back = new URL(answer.headers.get("location") ?? "");
  const code = back.searchParams.get("code");
  if (!code) throw new Error(`consent refused: ${back.search}`);
  return exchangeCode(code);
}
