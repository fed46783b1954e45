import type { Metadata } from "next";
import { DataSourcesView } from "@/components/data-sources/data-sources-view";
import { premiumEnabled } from "@/server/integrations/premium/config";
import { unavailableConnectors } from "@/server/services/data-sources/connector-availability";

export const metadata: Metadata = { title: "Data sources" };

export default async function DataSourcesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The premium sources this server offers (the CRM and Meta Ads by default, ecommerce when switched on),
  // and the connectors it lacks credentials for (the wizard says so).
  return <DataSourcesView key={id} projectId={id} premium={premiumEnabled()} unavailable={unavailableConnectors()} />;
}
