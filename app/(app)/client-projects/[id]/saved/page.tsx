import type { Metadata } from "next";
import { SavedInsightsView } from "@/components/insights/saved-insights-view";

export const metadata: Metadata = { title: "Saved insights" };

export default async function SavedInsightsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SavedInsightsView key={id} projectId={id} />;
}
