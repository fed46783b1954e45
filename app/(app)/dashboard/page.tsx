import type { Metadata } from "next";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { DELIVERY_MESSAGES } from "@/lib/constants/messages";
import { SCHEDULE_NOT_ALLOWED_NOTICE } from "../../_lib/require-schedule-allowed";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { q, notice } = await searchParams;
  return (
    <DashboardView
      q={typeof q === "string" ? q.trim() : ""}
      notice={notice === SCHEDULE_NOT_ALLOWED_NOTICE ? DELIVERY_MESSAGES.scheduleNotAllowed : null}
    />
  );
}
