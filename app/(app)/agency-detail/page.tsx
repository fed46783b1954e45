import type { Metadata } from "next";
import { AgencyDetailView } from "@/components/agency/agency-detail-view";

export const metadata: Metadata = { title: "Agency" };

export default function AgencyDetailPage() {
  return <AgencyDetailView />;
}
