import { Link } from "@/components/ui/link";
import { buttonClasses } from "@/components/ui/button";
import { MESSAGES } from "@/lib/constants/messages";

export function NotFoundContent() {
  return (
    <div className="w-full max-w-lg py-10 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{MESSAGES.notFound}</h1>
      <p className="mt-3 text-sm text-slate-600">The link may be broken, or the page may have moved.</p>
      <Link href="/" className={buttonClasses("primary", "md", "mt-6")}>
        Go to the home page
      </Link>
    </div>
  );
}
