import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { MessageChannel, Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendEmailJob } from "@/server/jobs/contracts/send-email";
import { enqueue } from "@/server/jobs/enqueue";
import { ensureWorkerBuild, workerBuildDir, workerBuildIsCurrent } from "./worker-build";

// The compiled worker that `npm start` runs (worker-build.ts), built for real into a folder of its own under the
// app's root (so node finds node_modules from it, as from .next/worker), then started.
const root = path.resolve(import.meta.dirname, "../..");
const distDir = `.data/worker-build-test-${process.pid}`;
let entry = "";
let buildMs = 0;

beforeAll(async () => {
  const started = Date.now();
  entry = await ensureWorkerBuild(root, distDir);
  buildMs = Date.now() - started;
});

afterAll(() => fs.rmSync(path.resolve(root, distDir), { recursive: true, force: true }));

describe("the compiled worker", () => {
  it("is built once, and again when a file it was built from is newer than the build", async () => {
    expect(fs.existsSync(path.resolve(root, entry))).toBe(true);
    expect(workerBuildIsCurrent(root, distDir)).toBe(true);
    const marker = path.resolve(root, workerBuildDir(distDir), "funnelwise-worker-build.json");
    const { inputs } = JSON.parse(fs.readFileSync(marker, "utf8")) as { inputs: string[] };
    expect(inputs).toContain("worker.ts");
    expect(inputs).toContain("server/jobs/run-worker.ts");
    // The app's own files; of packages only the email components (the unused ones left out), the rest stay in
    // node_modules.
    const packages = inputs.filter((input) => input.includes("node_modules"));
    expect(packages.every((input) => input.startsWith("node_modules/@react-email/"))).toBe(true);
    const bundle = fs.readFileSync(path.resolve(root, entry), "utf8");
    for (const unused of ["tailwindcss", "prismjs", "marked"]) expect(bundle).not.toContain(`require("${unused}")`);
    expect(bundle).toContain('require("googleapis-common")');
    // A build older than its sources (as after a `git pull`) is stale; the marker is aged rather than a source
    // touched, which would make every other build on this machine look stale.
    fs.utimesSync(marker, new Date(0), new Date(0));
    expect(workerBuildIsCurrent(root, distDir)).toBe(false);
    const again = Date.now();
    await ensureWorkerBuild(root, distDir);
    expect(workerBuildIsCurrent(root, distDir)).toBe(true);
    console.log(`worker compiled in ${buildMs} ms, again in ${Date.now() - again} ms`);
  });

  it("starts the segment-detection thread from beside itself, compiled", async () => {
    const { port1, port2 } = new MessageChannel();
    const thread = new Worker(path.resolve(root, workerBuildDir(distDir), "segment-detect-thread.mjs"), {
      workerData: { port: port2 },
      transferList: [port2],
    });
    const message = await new Promise<{ ready?: boolean }>((resolve, reject) => {
      thread.once("message", resolve);
      thread.once("error", reject);
    });
    expect(message.ready).toBe(true);
    port1.close();
    await thread.terminate();
  });

  it("names helper processes that resolve from the app's root, where the worker runs", () => {
    // HelperProcess (server/exports/off-thread/helper-process.ts) starts each entry relative to the working directory:
    // the export builder and the SVG render supervisor, which finds its drawing process beside its own source.
    const bundle = fs.readFileSync(path.resolve(root, entry), "utf8");
    const entries = [...bundle.matchAll(/entry: "([^"]+\.mjs)"/g)].map((m) => m[1]);
    expect(entries.sort()).toEqual([
      "server/exports/off-thread/build-export-entry.mjs",
      "server/exports/svg-raster/supervisor-entry.mjs",
    ]);
    for (const helper of entries) expect(fs.existsSync(path.resolve(root, helper)), helper).toBe(true);
    expect(fs.existsSync(path.resolve(root, "server/exports/svg-raster/render-svg-child.mjs"))).toBe(true);
  });

  it("starts with plain node and takes jobs", async () => {
    // Queued before the worker starts, as a job sent while a killed worker is being replaced.
    const jobId = await enqueue(sendEmailJob, {
      template: "password-reset",
      to: "compiled-worker@example.com",
      params: { firstName: "Sam", url: "http://localhost:3000/reset-password/compiled" },
    });
    const started = Date.now();
    const child = spawn(process.execPath, ["--enable-source-maps", entry], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines: { message: string; jobId?: string }[] = [];
    let output = "";
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const complete = output.split("\n");
      output = complete.pop()!;
      for (const line of complete) if (line.startsWith("{")) lines.push(JSON.parse(line));
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    const exited = new Promise<string>((resolve) =>
      child.on("exit", (code, signal) => resolve(signal ?? `code ${code}`)),
    );
    const until = async (check: () => boolean) => {
      const deadline = Date.now() + 90_000;
      while (!check()) {
        if (child.exitCode !== null) throw new Error(`the worker exited: ${JSON.stringify(lines)} ${output}`);
        if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(lines)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    try {
      // Jobs with nothing to warm up are taken before the report engine's warm-up (run-worker.ts).
      await until(() => lines.some((l) => l.message === "job done" && l.jobId === jobId));
      const tookJobMs = Date.now() - started;
      await until(() => lines.some((l) => l.message === "worker ready"));
      console.log(
        `compiled worker took a queued job ${tookJobMs} ms after it was started; warmed up and ready after ${Date.now() - started} ms`,
      );
    } finally {
      child.kill("SIGTERM");
    }
    // Stopped by SIGTERM: its own handler exits with 0 once it is set (after the start), the default before.
    expect(["code 0", "SIGTERM"]).toContain(await exited);
  });
});
