import type { Metadata } from "next";
import { StaffSignUpForm } from "@/components/auth/staff-sign-up-form";
import { AuthColumn } from "@/components/layout/public-shell";

export const metadata: Metadata = { title: "Join your agency" };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <AuthColumn title="Join your agency on Funnelwise">
      <StaffSignUpForm token={token} />
    </AuthColumn>
  );
}
