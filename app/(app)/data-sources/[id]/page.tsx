import type { Metadata } from "next";
import { DataSourceDetailView } from "@/components/data-sources/data-source-detail-view";

export const metadata: Metadata = { title: "Data source" };

export default async function DataSourcePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <DataSourceDetailView key={id} dataSourceId={id} />;
}
