/**
 * `npx tsx scripts/capture-landing-screenshot.ts`: the landing page's screenshot, taken from the
 * real product. Starts the same stack as the journeys (fresh PostgreSQL, the production build with
 * its demo agency), logs in as the demo admin, generates a report for each demo project, and saves
 * the dashboard at 1280 × 800 to public/landing/dashboard.png. Run it after a UI change the
 * picture should show; the build must exist (`NEXT_DIST_DIR=.next-e2e npm run build`).
 */
import path from "node:path";
import { chromium } from "@playwright/test";
import globalSetup from "../e2e/support/global-setup";
import { e2ePort } from "../e2e/support/paths";
import { addDays, isoDateOfUtc } from "../lib/dates";

const OUT = path.resolve("public/landing/dashboard.png");

async function main() {
  process.env.NEXT_DIST_DIR ||= ".next-e2e";
  const teardown = await globalSetup();
  const base = `http://localhost:${e2ePort()}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, baseURL: base });
    await page.goto("/login");
    await page.getByLabel("Email").fill("demo@funnelwise.local");
    await page.getByLabel("Password", { exact: true }).fill("Demo123!");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/dashboard/);

    // A report on the last 28 days for each demo project, so the dashboard has findings to show.
    const me = await (await page.request.get("/api/users")).json();
    const clients = await (await page.request.get(`/api/agencies/${me.agency._id}/clients`)).json();
    const end = addDays(isoDateOfUtc(new Date()), -1);
    for (const client of clients.docs) {
      for (const project of client.projects) {
        const res = await page.request.post(`/api/properties/${project._id}/reports/add`, {
          data: { periodStart: addDays(end, -27), periodEnd: end, compareTo: "previous_period" },
        });
        const report = await res.json();
        for (let i = 0; i < 240; i++) {
          const state = await (await page.request.get(`/api/reports/${report._id}`)).json();
          if (state.status === "ready" || state.status === "failed") break;
          await page.waitForTimeout(500);
        }
      }
    }
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Needs your attention" }).waitFor();
    await page.screenshot({ path: OUT, animations: "disabled" });
    console.log(`Saved ${OUT}`);
  } finally {
    await browser.close();
    await teardown();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
