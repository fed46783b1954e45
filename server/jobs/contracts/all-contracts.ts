import type { JobContract } from "../define-job";
import { generateReportJob } from "./generate-report";
import { refreshDailyTotalsJob } from "./refresh-daily-totals";
import { sendEmailJob } from "./send-email";

/** Every queue: the web process creates them to send, the worker works each with its handler. */
export const jobContracts: JobContract[] = [
  sendEmailJob as unknown as JobContract,
  generateReportJob as unknown as JobContract,
  refreshDailyTotalsJob as unknown as JobContract,
];
