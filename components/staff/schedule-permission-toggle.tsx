"use client";

import { useAlerts } from "@/components/alerts/alerts-context";
import { CheckboxField } from "@/components/ui/checkbox";
import type { AgencyUser } from "@/lib/api-client/types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useUpdateUserPermissions } from "@/lib/hooks/use-sharing";

/** What the admin is told after turning the permission off: the schedules paused, and who was emailed. */
export function pausedNotice(name: string, paused: number): string {
  if (paused === 0) return `${name} may no longer create schedules`;
  return `${name} may no longer create schedules: ${paused} running ${paused === 1 ? "schedule was" : "schedules were"} paused and kept, and the agency's admins were told by email`;
}

/** A staff member's "May create schedules" action (spec: actions.isScheduleAllowed), on the staff page's row. */
export function SchedulePermissionToggle({
  staff,
  name,
  className,
}: {
  staff: AgencyUser;
  name: string;
  className?: string;
}) {
  const alerts = useAlerts();
  const update = useUpdateUserPermissions(staff._id);
  return (
    <CheckboxField
      className={className}
      label={<span className="text-sm text-slate-700">May create schedules</span>}
      aria-label={`${name} may create schedules`}
      checked={staff.actions.isScheduleAllowed}
      disabled={update.isPending}
      onCheckedChange={(checked) =>
        update.mutate(
          { isScheduleAllowed: checked === true },
          {
            onSuccess: (result) =>
              alerts.success(
                result.actions.isScheduleAllowed
                  ? `${name} may create schedules`
                  : pausedNotice(name, result.pausedSchedules),
              ),
            onError: (error) => alerts.error(toApiError(error).message),
          },
        )
      }
    />
  );
}
