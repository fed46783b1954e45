import type { Metadata } from "next";
import { ClientStaffView } from "@/components/clients/client-staff-view";

export const metadata: Metadata = { title: "Client staff" };

export default async function ClientStaffPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ClientStaffView key={id} clientId={id} />;
}
