import "server-only";
import { generateReport } from "../../insights/generate-report";
import { generateReportJob } from "../contracts/generate-report";
import { defineJobHandler } from "../define-job";

export const generateReportHandler = defineJobHandler(generateReportJob, async (payload) => {
  await generateReport(payload.reportId);
});
