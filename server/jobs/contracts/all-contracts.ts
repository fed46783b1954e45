import type { JobContract } from "../define-job";
import { deliverReportJob } from "./deliver-report";
import { generateReportJob } from "./generate-report";
import { refreshDailyTotalsJob } from "./refresh-daily-totals";
import { scheduleTickJob } from "./schedule-tick";
import { sendEmailJob } from "./send-email";
import { syncAllDataSourcesJob } from "./sync-all-data-sources";
import { syncDataSourceJob } from "./sync-data-source";
import { syncPartnerSourceJob } from "./sync-partner-source";
import { supportRequestJob } from "./support-request";
import { reportReadyNoticeJob } from "./report-ready-notice";
import { checkProjectAlertsJob } from "./check-project-alerts";
import { sendAlertDigestJob } from "./send-alert-digest";

/** Every queue: the web process creates them to send, the worker works each with its handler. */
export const jobContracts: JobContract[] = [
  sendEmailJob as unknown as JobContract,
  generateReportJob as unknown as JobContract,
  refreshDailyTotalsJob as unknown as JobContract,
  syncDataSourceJob as unknown as JobContract,
  syncAllDataSourcesJob as unknown as JobContract,
  scheduleTickJob as unknown as JobContract,
  syncPartnerSourceJob as unknown as JobContract,
  deliverReportJob as unknown as JobContract,
  supportRequestJob as unknown as JobContract,
  reportReadyNoticeJob as unknown as JobContract,
  checkProjectAlertsJob as unknown as JobContract,
  sendAlertDigestJob as unknown as JobContract,
];
