import type { Metadata } from "next";
import { ClientsIndexView } from "@/components/clients/clients-index-view";

export const metadata: Metadata = { title: "Clients" };

export default function ClientsPage() {
  return <ClientsIndexView />;
}
