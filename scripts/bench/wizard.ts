import type pg from "pg";
import { startGoogleFake, type GoogleFake } from "../../e2e/fakes/google/server";
import { hashPassword } from "../../server/auth/password";
import { measure, type Benchmark, type BenchResult } from "./harness";

// The data source wizard's Google listings as the browser calls them (step 2: accounts, properties,
// conversion events, Search Console sites, Ads accounts and campaigns), through the production app
// against the Google fake: each call reads the user's encrypted Google session, refreshes nothing
// (the token is fresh) and asks the fake. Target: p95 under 300 ms.

const EMAIL = "wizard@bench.local";
const PASSWORD = "Bench123!";
const TARGET_P95_MS = 300;
const COUNT = 60;
let fake: GoogleFake | undefined;

async function seed(db: pg.Client): Promise<void> {
  // The app starts after every seed: point its Google clients at the fake from here.
  fake = await startGoogleFake({ historyDays: 30 });
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: fake.state.clientId,
    GOOGLE_CLIENT_SECRET: fake.state.clientSecret,
    GOOGLE_REDIRECT_URL: "http://127.0.0.1/api/google-service/auth-code",
    GOOGLE_ADS_DEVELOPER_TOKEN: fake.state.developerToken,
    GOOGLE_OAUTH_URL: fake.url,
    GOOGLE_API_ROOT_URL: fake.url,
    GOOGLE_ADS_API_URL: fake.url,
  });
  process.env.ENCRYPTION_KEY ??= "0".repeat(64);
  process.env.NEXTAUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123456789";
  process.env.DATABASE_URL ??= "postgres://unused";
  const { encryptSecret } = await import("../../server/auth/encryption");
  const consent = await fetch(
    `${fake.url}o/oauth2/v2/auth?client_id=${encodeURIComponent(fake.state.clientId)}&redirect_uri=http://localhost/cb&scope=x`,
    { redirect: "manual" },
  );
  const code = new URL(consent.headers.get("location") ?? "").searchParams.get("code") ?? "";
  const tokens = (await (
    await fetch(`${fake.url}token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: "http://localhost/cb",
        client_id: fake.state.clientId,
        client_secret: fake.state.clientSecret,
      }),
    })
  ).json()) as { access_token: string; refresh_token: string };
  const one = async (text: string, values: unknown[]) => (await db.query<{ id: string }>(text, values)).rows[0].id;
  const agency = await one(
    `insert into agencies (name, confirmed_at, subscription_status) values ('Wizard bench', now(), 'full') returning id`,
    [],
  );
  const user = await one(
    `insert into users (agency_id, email, password_hash, first_name, last_name, role, onboarding)
     values ($1, $2, $3, 'Wizard', 'Bench', 'agency', false) returning id`,
    [agency, EMAIL, await hashPassword(PASSWORD)],
  );
  await db.query(
    `insert into third_party_sessions (agency_id, user_id, type, access_token_encrypted, refresh_token_encrypted, expires_at, additional_info)
     values ($1, $2, 'google', $3, $4, now() + interval '1 hour', $5)`,
    [
      agency,
      user,
      encryptSecret(tokens.access_token),
      encryptSecret(tokens.refresh_token),
      JSON.stringify({ email: "owner@northwind.example" }),
    ],
  );
}

async function run({ baseUrl, login }: Parameters<Benchmark["run"]>[0]): Promise<BenchResult[]> {
  try {
    const headers = { authorization: `Bearer ${await login(EMAIL, PASSWORD)}` };
    const get = (path: string) => () => fetch(`${baseUrl}/api/google-service/${path}`, { headers });
    const calls: [string, () => Promise<Response>][] = [
      ["GA4 accounts", get("analytics-4/accounts")],
      ["GA4 properties", get("analytics-4/properties?accountId=accounts/100")],
      ["GA4 conversion events", get("analytics-4/conversion-events?propertyId=properties/1001")],
      ["Search Console sites", get("search-console/sites")],
      ["Ads accounts", get("ads/ads-accounts")],
      ["Ads campaigns", get("ads/ads-accounts/1234567890/campaigns")],
    ];
    const results: BenchResult[] = [];
    for (const [name, request] of calls)
      results.push(
        await measure(`Wizard listing: ${name}`, { count: COUNT, warmup: 5, targetP95Ms: TARGET_P95_MS }, request),
      );
    return results;
  } finally {
    await fake?.close();
  }
}

export const wizardBenchmark: Benchmark = { name: "wizard", seed, run };
