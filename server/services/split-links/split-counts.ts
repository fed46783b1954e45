import "server-only";
import { isoDateOfUtc } from "@/lib/dates";
import { pool } from "../../db/client";
import { log } from "../../log";
import { onProcessStop } from "../../stop-hooks";

/**
 * The split links' assignment and visit counts, per link, variant and UTC day, added up in memory and written
 * together off the response path: a redirect only records its count here. Written every FLUSH_MS as one statement
 * (an upsert of every key that moved, adding to what the row holds), instead of one upsert per visit: under 20
 * visitors at once those all took the same row's lock in turn, each waiting for the one before to commit, and the
 * redirect waited with them (p95 35 ms against the target 20). Several web processes each add their own.
 *
 * Nothing counted is dropped: a failed write puts its counts back for the next, the process's stop writes what is
 * left (scripts/web-server.mjs), and a reader of the counts in this process writes first. What a process killed
 * outright had not written (at most FLUSH_MS of visits) is lost; the day's counts are otherwise exact.
 */
export const SPLIT_COUNT_FLUSH_MS = 200;
const RETRY_MS = 2_000;

interface Pending {
  linkId: string;
  variantKey: string;
  date: string;
  assignments: number;
  visits: number;
}

// One copy per process, on globalThis: Next.js bundles this module more than once (the route's and the web server's
// early answer, server/http/early-answer.ts), and the link's page, writing what this process counted before it
// reads, must write all of it.
interface CountState {
  pending: Map<string, Pending>;
  timer: NodeJS.Timeout | null;
  writing: Promise<void> | null;
}
const state = ((globalThis as Record<symbol, CountState | undefined>)[Symbol.for("funnelwise.splitCounts")] ??= {
  pending: new Map(),
  timer: null,
  writing: null,
});
const { pending } = state;

/** Counts one visit of a link's variant today (UTC); `assigned` when it is a new visitor's draw. */
export function recordSplitVisit(linkId: string, variantKey: string, assigned: boolean, at = new Date()): void {
  const date = isoDateOfUtc(at);
  const key = `${linkId} ${variantKey} ${date}`;
  const entry = pending.get(key) ?? { linkId, variantKey, date, assignments: 0, visits: 0 };
  entry.visits += 1;
  if (assigned) entry.assignments += 1;
  pending.set(key, entry);
  if (!state.timer) schedule(SPLIT_COUNT_FLUSH_MS);
}

onProcessStop(flushSplitCounts);

function schedule(ms: number): void {
  state.timer = setTimeout(() => void flushSplitCounts(), ms);
  // The process's stop writes what is left; a pending write does not keep a finished process (a test) alive.
  state.timer.unref();
}

function putBack(rows: Pending[]): void {
  for (const row of rows) {
    const key = `${row.linkId} ${row.variantKey} ${row.date}`;
    const entry = pending.get(key);
    if (entry) {
      entry.assignments += row.assignments;
      entry.visits += row.visits;
    } else pending.set(key, { ...row });
  }
}

async function write(rows: Pending[]): Promise<void> {
  await pool().query({
    name: "split_link_counts_add",
    text: `insert into split_link_counts (link_id, variant_key, date, assignments, visits)
           select * from unnest($1::uuid[], $2::text[], $3::date[], $4::int[], $5::int[])
           on conflict (link_id, variant_key, date)
           do update set assignments = split_link_counts.assignments + excluded.assignments,
                         visits = split_link_counts.visits + excluded.visits`,
    values: [
      rows.map((r) => r.linkId),
      rows.map((r) => r.variantKey),
      rows.map((r) => r.date),
      rows.map((r) => r.assignments),
      rows.map((r) => r.visits),
    ],
  });
}

/**
 * Writes every count recorded so far, and waits for a write already under way; a link deleted meanwhile is skipped
 * (its counts went with it). A failed write keeps its counts for the next one, which is scheduled.
 */
export async function flushSplitCounts(): Promise<void> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  while (state.writing) await state.writing;
  if (pending.size === 0) return;
  const rows = [...pending.values()];
  pending.clear();
  state.writing = write(rows)
    .then(() => true)
    .catch(async (error: unknown) => {
      try {
        if ((error as { code?: string }).code !== "23503") throw error;
        // A link deleted since its visits (its counts went with it): write the others, one statement still.
        const { rows: alive } = await pool().query<{ id: string }>("select id from split_links where id = any($1)", [
          [...new Set(rows.map((r) => r.linkId))],
        ]);
        const ids = new Set(alive.map((r) => r.id));
        const kept = rows.filter((r) => ids.has(r.linkId));
        if (kept.length) await write(kept);
        return true;
      } catch (failure) {
        log("warn", "split link counts not written; kept for the next write", { error: String(failure) });
        putBack(rows);
        return false;
      }
    })
    .then((written) => {
      state.writing = null;
      // After a failure (the database away), the next try waits longer than the usual gap.
      if (pending.size && !state.timer) schedule(written ? SPLIT_COUNT_FLUSH_MS : RETRY_MS);
    });
  await state.writing;
}
