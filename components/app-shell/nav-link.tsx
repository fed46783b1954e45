"use client";

import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * A navigation link that says where the user is: `aria-current="page"` on the page itself, "true"
 * inside its section (a client under Clients, an insight under Reports).
 */
export function NavLink({
  href,
  current,
  children,
  className,
}: {
  href: string;
  current: "page" | "true" | undefined;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Link
      href={href}
      aria-current={current}
      className={cn(
        "inline-flex items-center whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100",
        "aria-[current]:bg-brand-50 aria-[current]:text-brand-800",
        className,
      )}
    >
      {children}
    </Link>
  );
}

/** "page" when the path is the link's page, "true" when it is inside one of its sections. */
export function currentFor(pathname: string, href: string, sections: string[] = []): "page" | "true" | undefined {
  if (pathname === href) return "page";
  return sections.some((s) => pathname === s || pathname.startsWith(`${s}/`)) ? "true" : undefined;
}
