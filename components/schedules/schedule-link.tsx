"use client";

import { Link } from "@/components/ui/link";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import type { ExportSelectionInput } from "@/lib/validation/exports";

/**
 * "Schedule email" and "Schedule Dropbox" beside the email action, for users who may schedule: the
 * whole report, or one insight when exactly one is chosen (a tag or a larger selection has none).
 */
export function ScheduleLink({ projectId, selection }: { projectId: string; selection: ExportSelectionInput }) {
  const { data: user } = useCurrentUser();
  if (!user?.actions.isScheduleAllowed || selection.tag) return null;
  const ids = selection.insightIds as string[] | string | undefined;
  const list = typeof ids === "string" ? ids.split(",") : (ids ?? []);
  if (list.length > 1) return null;
  const tail = `/${projectId}/insight${list.length === 1 ? `/${list[0]}` : ""}`;
  const linkClass = "text-sm font-medium text-brand-700 underline-offset-2 hover:underline";
  return (
    <>
      <Link href={`/email-schedule${tail}`} className={linkClass}>
        Schedule email
      </Link>
      <Link href={`/dropbox-schedule${tail}`} className={linkClass}>
        Schedule Dropbox
      </Link>
    </>
  );
}
