import type { Metadata } from "next";
import { SubscriptionView } from "@/components/agency/subscription-view";

export const metadata: Metadata = { title: "Subscription" };

export default function AgencySubscriptionPage() {
  return <SubscriptionView />;
}
