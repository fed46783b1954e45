import type { ReactNode } from "react";
import { AlertOutlet } from "@/components/alerts/alerts-context";
import { Brand } from "./brand";
import { LegalFooter } from "./legal-footer";

/** Chrome of the logged-out pages: the product name on top, content centred below. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3 sm:px-6">
          <Brand />
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col items-center px-4 py-10 sm:px-6">
        <AlertOutlet />
        {children}
      </main>
      <LegalFooter />
    </div>
  );
}

/** A narrow column for the auth forms. */
export function AuthColumn({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="w-full max-w-md">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {description ? <p className="mt-2 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">{children}</div>
    </div>
  );
}
