import { Link } from "@/components/ui/link";
import type { DashboardSourceAlert } from "@/lib/api-client/dashboard-types";
import { formatDay } from "@/lib/insights/format-values";

function AlertText({ alert }: { alert: DashboardSourceAlert }) {
  switch (alert.problem) {
    case "disconnected":
      return <>Google no longer accepts this connection. Reconnect the account on the data source&apos;s page.</>;
    case "sync_failed":
      return <>The last sync failed{alert.detail ? `: ${alert.detail}` : "."} Open the data source to see its runs.</>;
    case "stale":
      return (
        <>
          Its newest data is from <time dateTime={alert.lastDataDate ?? ""}>{formatDay(alert.lastDataDate)}</time>.
          Upload a newer export or check the connection.
        </>
      );
    case "no_data":
      return <>No data yet. Upload a file or wait for the first import to finish.</>;
  }
}

/** A project's data sources that need someone: disconnected, failing, behind, or empty. */
export function SourceAlerts({ alerts }: { alerts: DashboardSourceAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1.5" aria-label="Data sources that need attention">
      {alerts.map((alert) => (
        <li
          key={alert.dataSourceId}
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <Link
            href={`/data-sources/${alert.dataSourceId}`}
            className="font-medium underline underline-offset-2"
            title={alert.name}
          >
            {alert.name}
          </Link>
          : <AlertText alert={alert} />
        </li>
      ))}
    </ul>
  );
}
