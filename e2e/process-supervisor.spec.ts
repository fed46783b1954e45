import fs from "node:fs";
import { expect, test } from "./support/test";
import { waitForMail } from "./support/mail";

// Issue 60: under `npm start` a worker that exited stopped the web server and the database, and nothing started
// anything again. The app of this run is started by scripts/start.ts (global set-up), as a user's `npm start` is.

/** The compiled worker that `npm start` runs (scripts/lib/worker-build.ts). */
const WORKER = "worker/worker.cjs";

/** The processes of this run's app whose command line contains `script` (found by the database they were given). */
function appProcesses(script: string): number[] {
  const database = process.env.E2E_DATABASE_URL;
  if (!database) throw new Error("E2E_DATABASE_URL is not set (global set-up sets it)");
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (!cmdline.some((arg) => arg.endsWith(script))) continue;
      const environ = fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (environ.includes(`DATABASE_URL=${database}`)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

test("a worker killed with SIGKILL is replaced and takes jobs; the web server never stops", async ({ request }) => {
  test.skip(process.platform !== "linux", "finds the app's processes through /proc");
  const [worker] = appProcesses(WORKER);
  const webServers = appProcesses("scripts/web-server.mjs");
  expect(worker, "the app's worker process").toBeDefined();
  expect(webServers.length).toBeGreaterThan(0);

  // The web server answers all along: a health check every 100 ms, none may fail.
  let healthFailures = 0;
  let healthChecks = 0;
  let polling = true;
  const health = (async () => {
    while (polling) {
      const res = await request.get("/api/health").catch(() => null);
      healthChecks += 1;
      if (!res || res.status() !== 200) healthFailures += 1;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  // The worker of this run takes jobs before it is killed (a sign-up's confirmation email each time).
  const signUp = async (email: string) => {
    const res = await request.post("/api/agencies/signup", {
      data: {
        agencyName: "Restarted Worker Agency",
        firstName: "Rita",
        lastName: "Restart",
        email,
        password: "Restart1!",
        confirmPassword: "Restart1!",
        acceptTerms: true,
      },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  };
  const before = `before-restart-${Date.now()}@example.com`;
  await signUp(before);
  await waitForMail(before, /.*/, 120_000);

  const killedAt = Date.now();
  process.kill(worker, "SIGKILL");
  // A job queued while no worker runs.
  const email = `restart-${Date.now()}@example.com`;
  await signUp(email);
  await waitForMail(email, /.*/, 90_000);
  const tookJobAfterMs = Date.now() - killedAt;

  polling = false;
  await health;
  const [newWorker] = appProcesses(WORKER);
  expect(newWorker).toBeDefined();
  expect(newWorker).not.toBe(worker);
  expect(appProcesses("scripts/web-server.mjs")).toEqual(webServers);
  expect(healthFailures, `${healthFailures} of ${healthChecks} health checks failed`).toBe(0);
  // Issue 60: within 10 s. The worker starts compiled (scripts/lib/worker-build.ts) and its report warm-up gives way
  // to jobs (run-worker.ts): 7.6 s here at load 17 on the shared 2-core machine (53 s under tsx at load 27).
  console.log(`worker replaced: took a job ${tookJobAfterMs} ms after the SIGKILL (target 10,000 ms)`);
  expect(tookJobAfterMs, "ms from the SIGKILL until the new worker had sent the email").toBeLessThan(10_000);
});
