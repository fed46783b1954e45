import type { Metadata } from "next";
import { ScheduleList } from "@/components/schedules/schedule-list";
import { requireScheduleAllowed } from "../../_lib/require-schedule-allowed";

export const metadata: Metadata = { title: "Active report schedules" };

export default async function SchedulePage() {
  await requireScheduleAllowed();
  return <ScheduleList />;
}
