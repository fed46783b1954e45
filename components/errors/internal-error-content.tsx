import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { MESSAGES } from "@/lib/constants/messages";

export function InternalErrorContent({ action }: { action?: ReactNode }) {
  return (
    <div className="w-full max-w-lg py-10 text-center">
      <p className="text-sm font-semibold text-red-700">Error</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{MESSAGES.internalError}</h1>
      <p className="mt-3 text-sm text-slate-600">
        We could not complete your request. If this keeps happening, contact support and tell us what you were doing.
      </p>
      <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {action}
        <Link href="/" className={buttonClasses(action ? "secondary" : "primary")}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
