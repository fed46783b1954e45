import type { Metadata } from "next";
import { SharedLinkProblem } from "@/components/shared-report/shared-link-problem";
import { SharedReportView } from "@/components/shared-report/shared-report-view";
import type { SharedReport } from "@/lib/api-client/file-storage";
import { MESSAGES } from "@/lib/constants/messages";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";
import { openSharedReport } from "@/server/services/share-links/open-shared-report";

// A report shared by link: no account, no app chrome, nothing to edit, and kept out of search
// engines (the link is private even though it needs no login).
export const metadata: Metadata = {
  title: "Shared report",
  robots: { index: false, follow: false, nocache: true },
  referrer: "no-referrer",
};

const TITLES: Record<number, string> = { 404: "Link not found", 410: "Link no longer available" };

export default async function SharedReportPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let shared: SharedReport;
  try {
    const result = await openSharedReport({ ctx: { txId: "shared-page", ip: "" }, input: { token } });
    // The same JSON the API answers (dates as strings), so the view has one shape to read.
    shared = JSON.parse(JSON.stringify(result)) as SharedReport;
  } catch (error) {
    if (error instanceof AppError)
      return <SharedLinkProblem title={TITLES[error.status] ?? "Link not available"} message={error.message} />;
    log("error", "shared report failed", { error: String(error) });
    return <SharedLinkProblem title="Something went wrong" message={MESSAGES.internalError} />;
  }
  return <SharedReportView shared={shared} />;
}
