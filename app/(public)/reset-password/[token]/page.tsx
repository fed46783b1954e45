import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { AuthColumn } from "@/components/layout/public-shell";

export const metadata: Metadata = { title: "Set a new password" };

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <AuthColumn title="Set a new password">
      <ResetPasswordForm token={token} />
    </AuthColumn>
  );
}
