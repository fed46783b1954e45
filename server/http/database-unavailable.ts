import "server-only";

// PostgreSQL error classes meaning "the server is not there right now", not "your query is wrong":
// 08 connection exception, 57P01-57P03 shutdown and start-up, 53300 too many connections.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN"]);
const UNAVAILABLE_MESSAGES = new RegExp(
  [
    "Connection terminated",
    "timeout exceeded when trying to connect",
    "Client has encountered a connection error",
    "Connection closed",
  ].join("|"),
  "i",
);

/** Whether an error (or one it wraps, as Drizzle's query errors do) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === "string" && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_NODE_CODES.has(e.code)))
      return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    // Node's AggregateError (IPv4 and IPv6 both refused) carries the causes in `errors`.
    if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
    current = e.cause;
  }
  return false;
}
