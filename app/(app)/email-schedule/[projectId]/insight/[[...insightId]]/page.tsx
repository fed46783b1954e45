import type { Metadata } from "next";
import { ScheduleForm } from "@/components/schedules/schedule-form";
import { requireScheduleAllowed } from "../../../../../_lib/require-schedule-allowed";

export const metadata: Metadata = { title: "Schedule an email" };

export default async function EmailSchedulePage({
  params,
}: {
  params: Promise<{ projectId: string; insightId?: string[] }>;
}) {
  await requireScheduleAllowed();
  const { projectId, insightId } = await params;
  return <ScheduleForm projectId={projectId} insightId={insightId?.[0] ?? null} />;
}
