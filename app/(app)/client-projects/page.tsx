import type { Metadata } from "next";
import { LastProjectRedirect } from "@/components/projects/last-project-redirect";

export const metadata: Metadata = { title: "Performance Report" };

export default function LastProjectPage() {
  return <LastProjectRedirect />;
}
