import { Link } from "@/components/ui/link";

/** Every page's footer: the terms of service and the privacy notice (/terms, /privacy). */
export function LegalFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <nav
        aria-label="Legal"
        className="mx-auto flex max-w-6xl flex-wrap gap-4 px-4 py-4 text-sm text-slate-600 sm:px-6"
      >
        <Link href="/terms" className="underline-offset-2 hover:underline">
          Terms of service
        </Link>
        <Link href="/privacy" className="underline-offset-2 hover:underline">
          Privacy notice
        </Link>
      </nav>
    </footer>
  );
}
