import type { Metadata } from "next";
import { ScheduleForm } from "@/components/schedules/schedule-form";
import { requireScheduleAllowed } from "../../../../../_lib/require-schedule-allowed";

export const metadata: Metadata = { title: "Schedule a Dropbox delivery" };

export default async function DropboxSchedulePage({
  params,
}: {
  params: Promise<{ projectId: string; insightId?: string[] }>;
}) {
  await requireScheduleAllowed();
  const { projectId, insightId } = await params;
  return <ScheduleForm projectId={projectId} insightId={insightId?.[0] ?? null} delivery="dropbox" />;
}
