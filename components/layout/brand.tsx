import { Link } from "@/components/ui/link";
import { APP_NAME } from "@/lib/constants/app";

export function Brand({ href = "/" }: { href?: string }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-2 rounded text-lg font-bold tracking-tight text-slate-900"
    >
      <svg viewBox="0 0 24 24" className="size-6 text-brand-600" aria-hidden="true" fill="currentColor">
        <path d="M3 4h18l-7 8v6l-4 2v-8L3 4z" />
      </svg>
      {APP_NAME}
    </Link>
  );
}
