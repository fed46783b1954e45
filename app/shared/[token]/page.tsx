import type { Metadata } from "next";
import { cache } from "react";
import { SharedLinkProblem } from "@/components/shared-report/shared-link-problem";
import { SharedReportView } from "@/components/shared-report/shared-report-view";
import type { SharedReport } from "@/lib/api-client/file-storage";
import { MESSAGES } from "@/lib/constants/messages";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";
import { openSharedReport } from "@/server/services/share-links/open-shared-report";

// A report shared by link: no account, no app chrome, nothing to edit, and kept out of search
// engines (the link is private even though it needs no login).
const PRIVATE: Metadata = { robots: { index: false, follow: false, nocache: true }, referrer: "no-referrer" };

// One opening per request: the tab's title and the page read the same result, so the link's count goes up once.
const open = cache((token: string) => openSharedReport({ ctx: { txId: "shared-page", ip: "" }, input: { token } }));

/** The tab is titled in the agency's words (its report title, the client, the project), never our product's name. */
export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  const { token } = await params;
  const shared = await open(token).catch(() => null);
  const title = shared
    ? [shared.theme.reportTitle, shared.client.name, shared.project.name].filter(Boolean).join(" · ")
    : "Shared report";
  return { ...PRIVATE, title: { absolute: title } };
}

const TITLES: Record<number, string> = { 404: "Link not found", 410: "Link no longer available" };

export default async function SharedReportPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let shared: SharedReport;
  try {
    const result = await open(token);
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
