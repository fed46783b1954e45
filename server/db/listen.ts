import pg from "pg";
import { log } from "../log";

// One PostgreSQL LISTEN, kept alive: a connection of its own (LISTEN holds it; a pooled one would
// be handed to other queries), reconnected a second after it is lost. Notifications sent while it
// reconnects are lost, so every user keeps a fallback (the worker polls pg-boss; report waiters
// re-read the report every second).

const RECONNECT_MS = 1_000;

export interface Listener {
  /** Whether the LISTEN is in place now (notifications are being heard). */
  listening: () => boolean;
  stop: () => Promise<void>;
}

export function listen(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  /** Named in the warning logged when the connection is lost. */
  purpose: string,
): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let stopped = false;
  let ready = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    timer = null;
    if (stopped) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    const retry = (error: unknown) => {
      if (client !== c) return;
      client = null;
      ready = false;
      c.removeAllListeners();
      c.on("error", () => undefined);
      void c.end().catch(() => undefined);
      if (stopped) return;
      log("warn", `${purpose} lost its database connection; reconnecting`, { error: String(error) });
      timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    c.on("error", retry);
    c.on("end", () => retry("connection ended"));
    c.on("notification", (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      if (client === c) ready = true;
    } catch (error) {
      retry(error);
    }
  };
  void connect();

  return {
    listening: () => ready,
    stop: async () => {
      stopped = true;
      ready = false;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on("error", () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}
