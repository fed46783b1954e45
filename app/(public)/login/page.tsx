import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";
import { RememberFallbackRoute } from "@/components/auth/remember-fallback-route";
import { AuthColumn } from "@/components/layout/public-shell";

export const metadata: Metadata = { title: "Log in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { next } = await searchParams;
  return (
    <AuthColumn title="Log in to Funnelwise">
      <RememberFallbackRoute path={typeof next === "string" ? next : undefined} />
      <LoginForm />
    </AuthColumn>
  );
}
