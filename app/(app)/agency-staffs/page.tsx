import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AgencyStaffView } from "@/components/staff/agency-staff-view";
import { getActor } from "../../_lib/session";

export const metadata: Metadata = { title: "Agency staff" };

/** Agency admins only: staff are sent back to the dashboard rather than shown a page they cannot use. */
export default async function AgencyStaffsPage() {
  const actor = await getActor();
  if (!actor?.isAgencyAdmin) redirect("/dashboard");
  return <AgencyStaffView />;
}
