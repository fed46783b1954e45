import type { JobDefinition } from "./define-job";
import { generateReportJob } from "./handlers/generate-report.job";
import { refreshDailyTotalsJob } from "./handlers/refresh-daily-totals.job";
import { sendEmailJob } from "./handlers/send-email.job";
import { syncAllDataSourcesJob } from "./handlers/sync-all-data-sources.job";
import { syncDataSourceJob } from "./handlers/sync-data-source.job";

/** Every background job the worker runs. Add new jobs here. */
export const jobDefinitions: JobDefinition[] = [
  sendEmailJob as unknown as JobDefinition,
  generateReportJob as unknown as JobDefinition,
  refreshDailyTotalsJob as unknown as JobDefinition,
  syncDataSourceJob as unknown as JobDefinition,
  syncAllDataSourcesJob as unknown as JobDefinition,
];
