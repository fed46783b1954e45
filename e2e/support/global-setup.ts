import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres";
import { startGoogleFake } from "../fakes/google/server";
import { startDropboxFake } from "../fakes/dropbox/server";
import { startHubSpotFake } from "../fakes/hubspot/server";
import { startMetaFake } from "../fakes/meta/server";
import { startPartnerFake } from "../fakes/partners/server";
import { startShopifyFake } from "../fakes/shopify/server";
import { E2E_DIR, MAIL_DIR, e2ePort } from "./paths";
import { startStripeFake } from "../fakes/stripe/server";
import { startSmtpServer } from "./smtp";

async function waitForHttp(url: string, timeoutMs: number, isAlive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error("The app exited before it was ready");
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts a fresh real PostgreSQL, a real SMTP server, and the app through the same start script
 * users run (production build, web server and job worker), then hands Playwright the base URL.
 */
export default async function globalSetup() {
  fs.rmSync(E2E_DIR, { recursive: true, force: true });
  const database = await startEmbeddedPostgres({
    dataDir: path.join(E2E_DIR, "pg"),
    database: "funnelwise_e2e",
    fast: true,
  });
  // Journeys that stand in for time passing (a schedule's next run moved into the past) reach the
  // database through this; Playwright hands global setup's environment to the test workers.
  process.env.E2E_DATABASE_URL = database.url;
  const smtp = await startSmtpServer(MAIL_DIR);
  // Google's OAuth, Analytics, Search Console and Ads APIs, answered locally (e2e/fakes/google):
  // its consent page consents at once and redirects back to the app.
  const google = await startGoogleFake({ ga4CombinationsPerDay: 40 });
  // Dropbox's consent page and API: the fake signs in as its basic account (own folders only).
  const dropbox = await startDropboxFake();
  // Journeys look into the fake's folders through its API, as any Dropbox client would.
  process.env.E2E_DROPBOX_URL = dropbox.baseUrl;
  process.env.E2E_DROPBOX_APP_KEY = dropbox.appKey;
  // The premium sources: HubSpot's consent page and CRM API, Shopify stores' install page and Admin API.
  const hubspot = await startHubSpotFake();
  const shopify = await startShopifyFake();
  // Meta's login dialog and Graph API: its largest campaign's delivery was cut to a quarter 5 days ago, the planted
  // change the alerts journey's first import brings (e2e/alerts-bell.spec.ts).
  const meta = await startMetaFake({ campaigns: 5, dropCampaign: 4, dropDaysAgo: 5 });
  // Semrush and Similarweb (e2e/fakes/partners): no server-wide key, so a keyword source needs the agency's own.
  const partners = await startPartnerFake();
  const port = e2ePort();
  const stripeKeys = { secretKey: "sk_test_e2e", webhookSecret: "whsec_e2e" };
  const stripe = await startStripeFake({
    ...stripeKeys,
    webhookUrl: `http://localhost:${port}${process.env.BASE_PATH ?? ""}/api/webhooks/stripe`,
  });
  const app = spawn(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/start.ts"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      ENCRYPTION_KEY: "0".repeat(64),
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-e2e",
      FUNNELWISE_DATA_DIR: E2E_DIR,
      LOG_LEVEL: "warn",
      STRIPE_SECRET_KEY: stripeKeys.secretKey,
      STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
      STRIPE_API_URL: stripe.baseUrl,
      SUPPORT_EMAIL: "support@funnelwise.test",
      GOOGLE_CLIENT_ID: google.state.clientId,
      GOOGLE_CLIENT_SECRET: google.state.clientSecret,
      GOOGLE_REDIRECT_URL: `http://localhost:${port}${process.env.BASE_PATH ?? ""}/api/google-service/auth-code`,
      GOOGLE_ADS_DEVELOPER_TOKEN: google.state.developerToken,
      GOOGLE_OAUTH_URL: google.url,
      GOOGLE_API_ROOT_URL: google.url,
      GOOGLE_ADS_API_URL: google.url,
      GOOGLE_RETRY_BASE_MS: "50",
      DROPBOX_API_URL: dropbox.baseUrl,
      DROPBOX_APP_KEY: dropbox.appKey,
      DROPBOX_APP_SECRET: "",
      HUBSPOT_CLIENT_ID: hubspot.clientId,
      HUBSPOT_CLIENT_SECRET: hubspot.clientSecret,
      HUBSPOT_AUTH_URL: `${hubspot.url}/oauth/authorize`,
      HUBSPOT_API_URL: hubspot.url,
      ECOMMERCE_ENABLED: "1",
      SHOPIFY_CLIENT_ID: shopify.clientId,
      SHOPIFY_CLIENT_SECRET: shopify.clientSecret,
      SHOPIFY_SHOP_URL: shopify.shopUrl,
      PREMIUM_RETRY_BASE_MS: "50",
      META_APP_ID: meta.appId,
      META_APP_SECRET: meta.appSecret,
      META_AUTH_URL: `${meta.url}v24.0/dialog/oauth`,
      META_GRAPH_URL: meta.url,
      META_ASYNC_POLL_MS: "50",
      SEMRUSH_API_URL: partners.url,
      SEMRUSH_UNITS_URL: `${partners.url}users/countapiunits.html`,
      SIMILARWEB_API_URL: partners.url,
      PARTNER_RETRY_BASE_MS: "50",
    },
  });
  let alive = true;
  app.on("exit", () => (alive = false));
  await waitForHttp(`http://localhost:${port}${process.env.BASE_PATH ?? ""}/login`, 240_000, () => alive);

  return async () => {
    if (alive) {
      app.kill("SIGTERM");
      await new Promise((r) => app.on("exit", r));
    }
    await smtp.close();
    await stripe.close();
    await google.close();
    await dropbox.close();
    await hubspot.close();
    await shopify.close();
    await meta.close();
    await partners.close();
    await database.stop();
  };
}
