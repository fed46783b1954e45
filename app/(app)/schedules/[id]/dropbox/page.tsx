import type { Metadata } from "next";
import { ScheduleForm } from "@/components/schedules/schedule-form";
import { requireScheduleAllowed } from "../../../../_lib/require-schedule-allowed";

export const metadata: Metadata = { title: "Edit Dropbox schedule" };

export default async function EditDropboxSchedulePage({ params }: { params: Promise<{ id: string }> }) {
  await requireScheduleAllowed();
  const { id } = await params;
  return <ScheduleForm scheduleId={id} delivery="dropbox" />;
}
