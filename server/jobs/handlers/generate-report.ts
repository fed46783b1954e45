import "server-only";
import { generateReport } from "../../services/reports/generate-report";
import { warmUpReports } from "../../services/reports/warm-up-reports";
import { generateReportJob } from "../contracts/generate-report";
import { defineJobHandler } from "../define-job";

// The service verb, for callers that still import it from here.
export { generateReport };

/** Generates one report (server/services/reports/generate-report.ts); a worker warms the engine up first. */
export const generateReportHandler = defineJobHandler(
  generateReportJob,
  async (payload) => {
    await generateReport(payload.reportId);
  },
  { warmUp: warmUpReports },
);
