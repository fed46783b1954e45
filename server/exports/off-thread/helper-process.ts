import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { log } from "../../log";

// Work that must not run on a request's thread (drawing an untrusted SVG, building a 2 s PowerPoint file) goes to a
// helper process: one per app process, started once and kept, spoken to over IPC. Starting a process blocks the
// starting thread until the new one runs (190-360 ms from a 350 MB process on this busy 2-core machine), so a helper
// is started once, at web start (instrumentation.ts) or on first use, never per request. A helper that does not
// answer in time is killed with its process group (what it started goes too) and the next request starts another.

/** What a helper answers on failure, besides its own answers: it died, or did not answer in time. */
export type HelperFailure = "crashed" | "no-answer";

export interface HelperOptions {
  /** For logs. */
  name: string;
  /** The entry script, relative to the app's root (a .mjs that registers tsx first when it loads TypeScript). */
  entry: string;
  /** Node flags: not this process's (loaders, conditions, heap size), which a plain helper does not want. */
  nodeFlags?: string[];
}

interface Pending<A> {
  resolve: (answer: A | { failed: HelperFailure }) => void;
  timer: NodeJS.Timeout;
}

interface Running<A> {
  child: ChildProcess;
  ready: Promise<boolean>;
  pending: Map<number, Pending<A>>;
}

/** A long-lived helper process taking requests `Q` and giving answers `A` (each tagged with its request's id). */
export class HelperProcess<Q extends object, A extends object> {
  private running: Running<A> | null = null;
  private nextId = 1;

  constructor(private readonly options: HelperOptions) {}

  private get entryPath(): string {
    return path.resolve(process.cwd(), this.options.entry);
  }

  private stop(current: Running<A>, reason: string): void {
    if (this.running === current) this.running = null;
    try {
      // Its own process group (detached): the processes it started go with it.
      if (current.child.pid) process.kill(-current.child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
    for (const [id, pending] of current.pending) {
      clearTimeout(pending.timer);
      pending.resolve({ failed: "crashed" });
      current.pending.delete(id);
    }
    log("warn", "helper process stopped", { helper: this.options.name, reason });
  }

  private launch(): Running<A> {
    // spawn of node rather than fork(): the bundler takes fork()'s path for a module to bundle.
    const child = spawn(process.execPath, [...(this.options.nodeFlags ?? []), this.entryPath], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
      serialization: "advanced",
      stdio: ["ignore", "ignore", "inherit", "ipc"],
      detached: true,
    });
    const current: Running<A> = { child, pending: new Map(), ready: Promise.resolve(false) };
    current.ready = new Promise<boolean>((resolve) => {
      child.on("message", (message: { ready?: boolean; id?: number }) => {
        if (message.ready) return resolve(true);
        const pending = message.id === undefined ? undefined : current.pending.get(message.id);
        if (!pending) return;
        current.pending.delete(message.id!);
        clearTimeout(pending.timer);
        pending.resolve(message as A);
      });
      child.on("error", () => resolve(false));
      child.on("exit", (code, signal) => {
        resolve(false);
        if (this.running === current || current.pending.size) this.stop(current, `exited (${signal ?? code})`);
      });
    });
    // An idle helper keeps no process alive; a waiting request's timer does.
    child.unref();
    child.channel?.unref();
    return current;
  }

  /** Starts the helper now rather than on the first request. */
  start(): void {
    this.running ??= this.launch();
  }

  /** Sends one request; its answer, or why there is none (past `timeoutMs` the helper is replaced). */
  async request(payload: Q, timeoutMs: number): Promise<A | { failed: HelperFailure }> {
    const current = (this.running ??= this.launch());
    if (!(await current.ready)) {
      this.stop(current, "did not start");
      log("warn", "helper process could not start", { helper: this.options.name, entry: this.entryPath });
      return { failed: "crashed" };
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        resolve({ failed: "no-answer" });
        current.pending.delete(id);
        this.stop(current, "did not answer");
      }, timeoutMs);
      current.pending.set(id, { resolve, timer });
      current.child.send({ ...payload, id });
    });
  }
}
