"use client";

import { useId } from "react";
import { Link } from "@/components/ui/link";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/components/ui/cn";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useMarkNotification, useNotifications, useReadAllNotifications } from "@/lib/hooks/use-alerts";
import { formatDay } from "@/lib/insights/format-values";
import type { NotificationItem } from "@/lib/api-client/alerts";
import { useHeaderDisclosure } from "./use-header-disclosure";

const KIND_LABELS: Record<NotificationItem["kind"], string> = {
  kpi_change: "Primary KPI",
  spend_change: "Ad spend",
  finding: "Finding",
  source_stopped: "Data source",
};

/** The button's name says the count, so a screen reader hears it without opening the list. */
export function bellLabel(unread: number | undefined): string {
  if (unread === undefined) return "Notifications";
  return unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`;
}

/**
 * The header's bell: the caller's alerts (README "Alerts"), newest first, read or unread. A disclosure like the
 * settings menu (use-header-disclosure.ts): Tab moves through the list's links, Escape or a click outside closes it,
 * and opening an alert marks it read.
 */
export function NotificationsBell() {
  const { isOpen, rootRef, buttonRef, toggle, close } = useHeaderDisclosure();
  const panelId = useId();
  const headingId = useId();
  const list = useNotifications();
  const mark = useMarkNotification();
  const readAll = useReadAllNotifications();
  const unread = list.data?.unread;

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={bellLabel(unread)}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => {
          if (toggle()) void list.refetch();
        }}
        className="relative inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100"
      >
        <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" fill="currentColor">
          <path d="M10 2a5 5 0 0 0-5 5v2.6c0 .5-.2 1-.5 1.4L3.3 12.6A1 1 0 0 0 4.1 14h11.8a1 1 0 0 0 .8-1.4L15.5 11a2.3 2.3 0 0 1-.5-1.4V7a5 5 0 0 0-5-5zm-2 13a2 2 0 0 0 4 0H8z" />
        </svg>
        {unread ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        role="region"
        aria-labelledby={headingId}
        hidden={!isOpen}
        className="fixed inset-x-4 top-16 z-40 max-h-[70dvh] overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-1 sm:w-96"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
          <h2 id={headingId} className="text-sm font-semibold text-slate-900">
            Notifications
          </h2>
          {unread ? (
            <button
              type="button"
              onClick={() => readAll.mutate()}
              disabled={readAll.isPending}
              className="rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-slate-50 disabled:text-slate-400"
            >
              Mark all read
            </button>
          ) : null}
        </div>
        <BellBody
          state={list}
          onOpen={(item) => {
            close();
            if (!item.read) mark.mutate({ id: item._id, read: true });
          }}
        />
      </div>
    </div>
  );
}

function BellBody({
  state,
  onOpen,
}: {
  state: ReturnType<typeof useNotifications>;
  onOpen: (item: NotificationItem) => void;
}) {
  if (state.error && !state.data)
    return (
      <div role="alert" className="px-4 py-6 text-sm text-slate-700">
        <p>Notifications could not be loaded: {toApiError(state.error).message}</p>
        <button
          type="button"
          onClick={() => void state.refetch()}
          className="mt-2 rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-slate-50"
        >
          Try again
        </button>
      </div>
    );
  if (!state.data)
    return (
      <div role="status" className="flex items-center gap-2 px-4 py-6 text-sm text-slate-600">
        <Spinner className="size-4 text-brand-600" />
        Loading notifications…
      </div>
    );
  if (state.data.items.length === 0)
    return (
      <p className="px-4 py-6 text-sm text-slate-600">
        No alerts yet. When a project you follow changes after its daily sync, it is listed here. Choose what you hear
        about on each project&apos;s settings page.
      </p>
    );
  return (
    <ul className="divide-y divide-slate-100">
      {state.data.items.map((item) => (
        <li key={item._id}>
          <Link
            href={item.url}
            onClick={() => onOpen(item)}
            className={cn("block px-4 py-3 text-sm hover:bg-slate-50", item.read ? "text-slate-600" : "text-slate-900")}
          >
            <span className="flex items-center gap-2 text-xs text-slate-500">
              {item.read ? null : <span className="size-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />}
              <span className="sr-only">{item.read ? "Read: " : "Unread: "}</span>
              <span className="truncate">
                {item.client.name} – {item.project.name} · {KIND_LABELS[item.kind]} · {formatDay(item.date, true)}
              </span>
            </span>
            <span className={cn("mt-1 block", item.read ? "font-normal" : "font-medium")}>{item.headline}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
