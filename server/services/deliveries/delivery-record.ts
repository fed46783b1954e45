import "server-only";
import { sql } from "drizzle-orm";
import { db } from "../../db/client";

// The life of one delivery's record, shared by schedule runs and deliveries asked for by hand (two
// tables with the same progress columns):
//
//   queued ─claim→ delivering ─report generated→ (report_id kept) ─sending→ (sending_at kept)
//          ─sent→ delivered           any step ─error→ failed (reason kept; the job may retry)
//
// "Never twice": a claim takes the record only if no worker holds its lease and nothing was ever
// handed to the mail server for it (sending_at is null). A worker killed after generating leaves
// report_id behind, so the retry reuses that report and sends once. A worker killed while handing
// the message over leaves sending_at behind: nobody can know whether the message arrived, and the
// retry records that instead of sending a second copy.

export type DeliveryTable = "schedule_runs" | "report_deliveries";

/** A worker holds a record this long; pg-boss expires a silent job after 15 minutes and retries it. */
export const LEASE_MINUTES = 15;

export const INTERRUPTED_REASON =
  "The delivery was interrupted while it was being handed over (to the mail server or to Dropbox); it may have arrived. It was not sent again, to avoid a duplicate.";

export interface ClaimedDelivery {
  id: string;
  attempts: number;
  reportId: string | null;
  /** Parts an earlier attempt handed over already (an email's message to the clients, the one to staff). */
  sentParts: string[];
}

export type ClaimOutcome =
  | { kind: "claimed"; record: ClaimedDelivery }
  /** Delivered already, or interrupted while sending: nothing more to do. */
  | { kind: "done"; status: "delivered" | "failed" }
  /** Another worker holds it now; its own job finishes it. */
  | { kind: "busy" }
  | { kind: "missing" };

const table = (name: DeliveryTable) => sql.identifier(name);

interface Row extends Record<string, unknown> {
  id: string;
  attempts: number;
  report_id: string | null;
  result: { sentParts?: unknown } | null;
  status: string;
  sending_at: Date | null;
  lease_until: Date | null;
}

export async function claimDelivery(name: DeliveryTable, id: string): Promise<ClaimOutcome> {
  const claimed = await db().execute<Row>(sql`
    update ${table(name)}
    set status = 'delivering', attempts = attempts + 1, updated_at = now(),
        lease_until = now() + make_interval(mins => ${LEASE_MINUTES})
    where id = ${id} and sending_at is null
      and (status in ('queued', 'failed') or (status = 'delivering' and (lease_until is null or lease_until < now())))
    returning id, attempts, report_id, result`);
  const row = claimed.rows[0];
  if (row) {
    const sent = row.result?.sentParts;
    const sentParts = Array.isArray(sent) ? sent.filter((p): p is string => typeof p === "string") : [];
    return { kind: "claimed", record: { id: row.id, attempts: row.attempts, reportId: row.report_id, sentParts } };
  }

  const found = await db().execute<Row>(sql`
    select id, status, sending_at, lease_until, (lease_until > now()) as leased from ${table(name)} where id = ${id}`);
  const current = found.rows[0] as (Row & { leased: boolean | null }) | undefined;
  if (!current) return { kind: "missing" };
  if (current.status === "delivered") return { kind: "done", status: "delivered" };
  if (current.status === "delivering" && current.leased) return { kind: "busy" };
  if (current.sending_at) {
    // Handed over (perhaps) by a worker that never came back: say so, and never send again.
    await db().execute(sql`
      update ${table(name)} set status = 'failed', error = ${INTERRUPTED_REASON}, lease_until = null, updated_at = now()
      where id = ${id} and status <> 'delivered'`);
    return { kind: "done", status: "failed" };
  }
  return { kind: "busy" };
}

/** The report generated for this delivery, kept so a retry after a crash reuses it. */
export async function setDeliveryReport(name: DeliveryTable, id: string, reportId: string): Promise<void> {
  await db().execute(sql`update ${table(name)} set report_id = ${reportId}, updated_at = now() where id = ${id}`);
}

/** The moment of no return: from here a lost worker means "may have arrived", not "send again". */
export async function markDeliverySending(name: DeliveryTable, id: string): Promise<void> {
  await db().execute(sql`
    update ${table(name)}
    set sending_at = now(), lease_until = now() + make_interval(mins => ${LEASE_MINUTES}), updated_at = now()
    where id = ${id} and status = 'delivering'`);
}

/**
 * One part of a delivery went out (the message to the clients, then the one to staff): a retry after the next part
 * failed sends only what is left.
 */
export async function markDeliveryPartSent(name: DeliveryTable, id: string, part: string): Promise<void> {
  await db().execute(sql`
    update ${table(name)}
    set result = coalesce(result, '{}'::jsonb)
          || jsonb_build_object('sentParts', coalesce(result -> 'sentParts', '[]'::jsonb) || to_jsonb(${part}::text)),
        updated_at = now()
    where id = ${id}`);
}

export async function markDeliveryDelivered(
  name: DeliveryTable,
  id: string,
  result: Record<string, unknown>,
): Promise<void> {
  await db().execute(sql`
    update ${table(name)}
    set status = 'delivered', result = ${JSON.stringify(result)}::jsonb || jsonb_build_object('sentParts', coalesce(result -> 'sentParts', '[]'::jsonb)),
        error = null, delivered_at = now(),
        lease_until = null, updated_at = now()
    where id = ${id}`);
}

/**
 * Records why a delivery failed, in words the user can act on. `notSent` says the message certainly
 * did not leave (the mail server refused the connection or the message), so a retry may send it.
 */
export async function markDeliveryFailed(
  name: DeliveryTable,
  id: string,
  reason: string,
  options: { notSent?: boolean; status?: "failed" | "not_sent" } = {},
): Promise<void> {
  await db().execute(sql`
    update ${table(name)}
    set status = ${options.status ?? "failed"}::schedule_run_status, error = ${reason.slice(0, 1000)},
        lease_until = null, updated_at = now()
        ${options.notSent ? sql`, sending_at = null` : sql``}
    where id = ${id} and status <> 'delivered'`);
}
