"use client";

import { Link } from "@/components/ui/link";
import { useId } from "react";
import { cn } from "@/components/ui/cn";
import { useHeaderDisclosure } from "./use-header-disclosure";

interface Item {
  href: string;
  label: string;
}

/**
 * The settings areas as a disclosure of links (not an ARIA menu: plain links and Tab are what
 * keyboard and screen-reader users expect here). Escape and clicks outside close it (use-header-disclosure.ts).
 */
export function SettingsMenu({ items }: { items: Item[] }) {
  const { isOpen, pathname, rootRef, buttonRef, toggle, close } = useHeaderDisclosure();
  const listId = useId();

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={toggle}
        className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        Settings
        <svg
          viewBox="0 0 20 20"
          className={cn("size-4 transition-transform", isOpen && "rotate-180")}
          aria-hidden="true"
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      <ul
        id={listId}
        hidden={!isOpen}
        className="absolute right-0 z-40 mt-1 min-w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={close}
              aria-current={pathname === item.href.split(/[?#]/)[0] ? "page" : undefined}
              className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-50 aria-[current=page]:font-semibold"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
