import type { Metadata } from "next";
import { ThirdPartyServicesView } from "@/components/third-party/third-party-services-view";

export const metadata: Metadata = { title: "Third Party Service Access" };

export default function ThirdPartyServicePage() {
  return <ThirdPartyServicesView />;
}
