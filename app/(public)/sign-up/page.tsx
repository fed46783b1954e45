import type { Metadata } from "next";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { AuthColumn } from "@/components/layout/public-shell";

export const metadata: Metadata = { title: "Sign up" };

export default function SignUpPage() {
  return (
    <AuthColumn title="Register your agency" description="Create your agency account. Fields marked * are required.">
      <SignUpForm />
    </AuthColumn>
  );
}
