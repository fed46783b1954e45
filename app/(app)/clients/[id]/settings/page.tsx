import type { Metadata } from "next";
import { ClientSettingsView } from "@/components/settings/client-settings-view";

export const metadata: Metadata = { title: "Client settings" };

export default async function ClientSettingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ClientSettingsView key={id} clientId={id} />;
}
