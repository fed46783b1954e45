import type { Metadata } from "next";
import { InsightDetailView } from "@/components/insights/insight-detail-view";

export const metadata: Metadata = { title: "Insight" };

export default async function InsightPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; insightId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ id, insightId }, query] = await Promise.all([params, searchParams]);
  return (
    <InsightDetailView
      key={`${id}/${insightId}`}
      projectId={id}
      insightId={insightId}
      download={query.download !== undefined}
    />
  );
}
