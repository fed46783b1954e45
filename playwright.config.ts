import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3210);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  // No retries: the journeys share one database, so a retry would start from a changed state.
  retries: 0,
  // Room for a CI runner several times slower than this machine; a hang still fails.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["./e2e/support/interactivity-reporter.ts"]],
  use: {
    baseURL: `http://localhost:${port}${process.env.BASE_PATH ?? ""}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      // Without the background-networking flags Chromium tries to reach Google and is refused here.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
