import type { Metadata } from "next";
import { AgencyCustomization } from "@/components/customization/agency-customization";

export const metadata: Metadata = { title: "Agency customization" };

export default function AgencyCustomizationPage() {
  return <AgencyCustomization />;
}
