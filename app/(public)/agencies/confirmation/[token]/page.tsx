import type { Metadata } from "next";
import { AgencyConfirmation } from "@/components/auth/agency-confirmation";
import { AuthColumn } from "@/components/layout/public-shell";

export const metadata: Metadata = { title: "Confirm your agency" };

export default async function AgencyConfirmationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <AuthColumn title="Agency confirmation">
      <AgencyConfirmation token={token} />
    </AuthColumn>
  );
}
