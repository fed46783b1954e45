"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";

/**
 * A header disclosure's open state (the settings menu, the notifications bell): a button shows or hides a panel of
 * links. Escape closes it and gives the focus back to its button; a pointer down outside closes it; following a link
 * closes it, as it is open only on the page where it was opened. Not an ARIA menu: plain links and Tab are what
 * keyboard and screen-reader users expect here.
 */
export function useHeaderDisclosure() {
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const pathname = usePathname();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const isOpen = open && openedAt === pathname;

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [isOpen]);

  return {
    isOpen,
    pathname,
    /** On the root element holding the button and the panel: a pointer down inside it keeps the panel open. */
    rootRef,
    buttonRef,
    /** The button's click: opens (on this page) or closes; returns whether it is now open. */
    toggle: (): boolean => {
      setOpenedAt(pathname);
      setOpen(!isOpen);
      return !isOpen;
    },
    close: () => setOpen(false),
  };
}
