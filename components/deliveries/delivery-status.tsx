"use client";

import { useQuery } from "@tanstack/react-query";
import { Spinner } from "@/components/ui/spinner";
import { deliveriesApi, type Delivery } from "@/lib/api-client/deliveries";
import { queryKeys } from "@/lib/api-client/query-keys";

/** A failed delivery is retried with backoff for about half an hour (30 s, 1 min, 2 min, ...). */
const RETRIES_GIVE_UP_AFTER = 6;

function describe(d: Delivery): string {
  const to = Array.isArray(d.result?.recipients) ? (d.result.recipients as string[]).join(", ") : "";
  switch (d.status) {
    case "queued":
      return "Queued: the email is being prepared…";
    case "delivering":
      return "Sending: building the file and handing it to the mail server…";
    case "delivered":
      return `Delivered${to ? ` to ${to}` : ""}.`;
    case "failed":
      return d.attempts <= RETRIES_GIVE_UP_AFTER && !d.error?.includes("may have arrived")
        ? `Not sent yet: ${d.error ?? "unknown reason"}. It is tried again automatically (attempt ${d.attempts}).`
        : `Not sent: ${d.error ?? "unknown reason"}.`;
    case "not_sent":
      return `Not sent: ${d.error ?? "there was no data for its period"}`;
  }
}

/** Follows one delivery until it is delivered or has failed, saying where it stands and why. */
export function DeliveryStatus({ id }: { id: string }) {
  const query = useQuery({
    queryKey: queryKeys.delivery(id),
    queryFn: () => deliveriesApi.get(id),
    refetchInterval: (q) =>
      q.state.data?.status === "delivered" || q.state.data?.status === "not_sent"
        ? false
        : q.state.data?.status === "failed"
          ? 5000
          : 1000,
  });
  const d = query.data;
  if (!d) return <p className="text-sm text-slate-600">Queued…</p>;
  const busy = d.status === "queued" || d.status === "delivering";
  return (
    <p
      role={d.status === "failed" || d.status === "not_sent" ? "alert" : "status"}
      data-delivery-status={d.status}
      className={`flex items-center gap-2 text-sm ${d.status === "failed" || d.status === "not_sent" ? "text-red-700" : d.status === "delivered" ? "text-green-800" : "text-slate-700"}`}
    >
      {busy ? <Spinner className="size-4" /> : null}
      {describe(d)}
    </p>
  );
}
