import type { ReactNode } from "react";
import { AlertOutlet } from "@/components/alerts/alerts-context";
import { LogoutButton } from "@/components/app-shell/logout-button";
import { Brand } from "@/components/layout/brand";

export default function OnboardingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Brand href="/onboarding" />
          <LogoutButton />
        </div>
      </header>
      <main id="main" className="w-full flex-1 px-4 py-8 sm:px-6">
        <AlertOutlet />
        {children}
      </main>
    </div>
  );
}
