"use client";

import { Link } from "@/components/ui/link";
import { formatDate } from "@/lib/format";
import { useTokenAlerts } from "@/lib/hooks/use-google";
import { ReconnectButton } from "./reconnect-button";

/**
 * The reconnect alert of the dashboard (every source the user sees) and of a project page (its
 * sources): Google access expired or was revoked, the daily import waits, nothing is lost.
 */
export function TokenAlerts({ projectId }: { projectId?: string }) {
  const alerts = useTokenAlerts(projectId);
  const docs = alerts.data?.docs ?? [];
  if (docs.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby="token-alerts-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="token-alerts-heading" className="font-semibold">
        {docs.length === 1
          ? "A Google data source needs reconnecting"
          : `${docs.length} Google data sources need reconnecting`}
      </h2>
      <p className="mt-1">{docs[0].message}</p>
      <ul className="mt-3 space-y-2">
        {docs.map((a) => (
          <li key={a.dataSourceId} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <Link href={`/data-sources/${a.dataSourceId}`} className="font-medium underline underline-offset-2">
                {a.name}
              </Link>
              {projectId ? null : <> · {a.projectName}</>} · since {formatDate(a.since)}
            </span>
            {a.canReconnect ? (
              <ReconnectButton dataSourceId={a.dataSourceId} projectId={a.projectId} label={`Reconnect ${a.name}`} />
            ) : (
              <span className="text-amber-900">A Data Creator or admin of this client can reconnect it.</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
