import type { Metadata } from "next";
import { DataSourcesView } from "@/components/data-sources/data-sources-view";
import { premiumEnabled } from "@/server/integrations/premium/config";

export const metadata: Metadata = { title: "Data sources" };

export default async function DataSourcesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The premium sources this server offers (the CRM by default, ecommerce when configured).
  return <DataSourcesView key={id} projectId={id} premium={premiumEnabled()} />;
}
