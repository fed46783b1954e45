import type { JobDefinition } from "./define-job";
import { generateReportJob } from "./handlers/generate-report.job";
import { refreshDailyTotalsJob } from "./handlers/refresh-daily-totals.job";
import { scheduleTickJob } from "./handlers/schedule-tick.job";
import { sendEmailJob } from "./handlers/send-email.job";

/** Every background job the worker runs. Add new jobs here. */
export const jobDefinitions: JobDefinition[] = [
  sendEmailJob as unknown as JobDefinition,
  generateReportJob as unknown as JobDefinition,
  refreshDailyTotalsJob as unknown as JobDefinition,
  scheduleTickJob as unknown as JobDefinition,
];
