import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { Suspense, type ReactNode } from "react";
import { AlertOutlet } from "@/components/alerts/alerts-context";
import { PaymentBanner } from "@/components/agency/payment-banner";
import { AppHeader } from "@/components/app-shell/app-header";
import { LegalFooter } from "@/components/layout/legal-footer";
import { SessionHydration } from "@/components/app-shell/session-hydration";
import { DropboxOutcomeNotice } from "@/components/file-storage/dropbox-outcome-notice";
import { safeAppPath } from "@/lib/navigation/safe-app-path";
import { getActor, getSessionUser } from "../_lib/session";

export const dynamic = "force-dynamic";

/** Every authenticated page: a session is required, and unfinished onboarding comes first. */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const actor = await getActor();
  if (!actor) {
    // proxy.ts names the insight link being opened, so login can resume it (spec section 2).
    const returnPath = safeAppPath((await headers()).get("x-funnelwise-return-path"));
    redirect(returnPath ? `/login?next=${encodeURIComponent(returnPath)}` : "/login");
  }
  if (actor.onboarding) redirect("/onboarding");
  const user = await getSessionUser(actor);
  return (
    <SessionHydration user={user}>
      <div className="flex min-h-dvh flex-col">
        <AppHeader />
        <PaymentBanner />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
          <AlertOutlet />
          <Suspense fallback={null}>
            <DropboxOutcomeNotice />
          </Suspense>
          {children}
        </main>
        <LegalFooter />
      </div>
    </SessionHydration>
  );
}
