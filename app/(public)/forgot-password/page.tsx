import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { AuthColumn } from "@/components/layout/public-shell";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <AuthColumn
      title="Reset your password"
      description="Enter the email you log in with and we will send you a link to set a new password."
    >
      <ForgotPasswordForm />
    </AuthColumn>
  );
}
