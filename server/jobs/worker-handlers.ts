import "server-only";
import type { JobHandler } from "./define-job";
import { deliverReportHandler } from "./handlers/deliver-report";
import { generateReportHandler } from "./handlers/generate-report";
import { refreshDailyTotalsHandler } from "./handlers/refresh-daily-totals";
import { scheduleTickHandler } from "./handlers/schedule-tick";
import { sendEmailHandler } from "./handlers/send-email";
import { syncAllDataSourcesHandler } from "./handlers/sync-all-data-sources";
import { syncDataSourceHandler } from "./handlers/sync-data-source";
import { syncPartnerSourceHandler } from "./handlers/sync-partner-source";
import { supportRequestHandler } from "./handlers/support-request";
import { reportReadyNoticeHandler } from "./handlers/report-ready-notice";
import { checkProjectAlertsHandler } from "./handlers/check-project-alerts";
import { sendAlertDigestHandler } from "./handlers/send-alert-digest";

/**
 * The code behind every queue, one handler per contract. Only the worker imports this file: it
 * pulls in the insight engine and the mail transport, which the web process never needs.
 */
export const jobHandlers: JobHandler[] = [
  sendEmailHandler as unknown as JobHandler,
  generateReportHandler as unknown as JobHandler,
  refreshDailyTotalsHandler as unknown as JobHandler,
  syncDataSourceHandler as unknown as JobHandler,
  syncAllDataSourcesHandler as unknown as JobHandler,
  scheduleTickHandler as unknown as JobHandler,
  syncPartnerSourceHandler as unknown as JobHandler,
  deliverReportHandler as unknown as JobHandler,
  supportRequestHandler as unknown as JobHandler,
  reportReadyNoticeHandler as unknown as JobHandler,
  checkProjectAlertsHandler as unknown as JobHandler,
  sendAlertDigestHandler as unknown as JobHandler,
];
