"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

/** The performance mark each screen sets once React has made it interactive (read by the journeys' timing check). */
export const INTERACTIVE_MARK = "funnelwise:interactive";

/**
 * Marks the moment the app's tree has hydrated on a full load, and each client-side route change after it. It sits
 * after the page in the providers, so its effect runs once the page's own effects have run: from then on the screen
 * answers clicks and keys. A mark costs nothing and lets real-user timing read the same moment.
 */
export function InteractiveMark() {
  const pathname = usePathname();
  useEffect(() => {
    performance.mark(INTERACTIVE_MARK, { detail: pathname });
  }, [pathname]);
  return null;
}
