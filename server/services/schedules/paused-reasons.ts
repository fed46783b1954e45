// Why the product (not the schedule's owner) paused a schedule, as stored in schedules.paused_reason.
export const SCHEDULE_PERMISSION_PAUSE = "schedule_permission";
