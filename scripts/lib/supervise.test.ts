import { describe, expect, it } from "vitest";
import { run } from "./processes";
import { backoffDelay, supervise } from "./supervise";

// Real child processes: one that waits forever (killed by the test), one that exits at once (a crash loop).
const forever = () => run("sleeper", process.execPath, ["-e", "setInterval(() => {}, 1000)"], process.env);
const crashing = () => run("crasher", process.execPath, ["-e", "process.exit(3)"], process.env);

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("supervise", () => {
  it("doubles the pause while a process keeps crashing, up to the longest", () => {
    const policy = { firstMs: 500, maxMs: 30_000, healthyAfterMs: 60_000 };
    expect([0, 1, 2, 3, 6, 7, 20].map((n) => backoffDelay(n, policy))).toEqual([
      500, 1000, 2000, 4000, 30_000, 30_000, 30_000,
    ]);
  });

  it("starts a process killed with SIGKILL again, and says why", async () => {
    const lines: { message: string; signal?: unknown }[] = [];
    const policy = { firstMs: 50, maxMs: 1000, healthyAfterMs: 60_000 };
    const s = supervise("sleeper", forever, { policy, log: (line) => lines.push(line) });
    const first = s.current().child.pid;
    s.current().child.kill("SIGKILL");
    await until(() => s.restarts() === 1);
    const second = s.current();
    expect(second.child.pid).not.toBe(first);
    expect(second.child.exitCode).toBeNull();
    expect(lines[0].message).toMatch(
      /^The sleeper process killed by SIGKILL after [\d.]+ s; starting it again in 0\.1 s$/,
    );
    expect(lines[0].signal).toBe("SIGKILL");
    s.release();
    second.child.kill("SIGTERM");
    await second.exited;
    await new Promise((r) => setTimeout(r, 150));
    expect(s.restarts()).toBe(1); // released: not started again
  });

  it("backs off a process that exits at once instead of spinning", async () => {
    const delays: unknown[] = [];
    const policy = { firstMs: 40, maxMs: 160, healthyAfterMs: 60_000 };
    const s = supervise("crasher", crashing, {
      policy,
      log: (line) => line.restartInMs && delays.push(line.restartInMs),
    });
    await until(() => delays.length >= 4);
    s.release();
    expect(delays.slice(0, 4)).toEqual([40, 80, 160, 160]);
  });
});
