import type { Metadata } from "next";
import { DataSourcesView } from "@/components/data-sources/data-sources-view";

export const metadata: Metadata = { title: "Data sources" };

export default async function DataSourcesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <DataSourcesView key={id} projectId={id} />;
}
