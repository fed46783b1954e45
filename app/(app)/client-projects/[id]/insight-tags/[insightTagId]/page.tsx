import type { Metadata } from "next";
import { TaggedInsightsView } from "@/components/insights/tagged-insights-view";

export const metadata: Metadata = { title: "Tagged insights" };

export default async function TaggedInsightsPage({
  params,
}: {
  params: Promise<{ id: string; insightTagId: string }>;
}) {
  const { id, insightTagId } = await params;
  return <TaggedInsightsView key={`${id}/${insightTagId}`} projectId={id} tagId={insightTagId} />;
}
