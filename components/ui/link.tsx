"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from "react";

/**
 * The app's link: Next's Link that prefetches its page when the pointer or the keyboard reaches it, not as soon as
 * it is on screen. Every page here is rendered per request (its session, its nonce), so prefetching each link in
 * view cost a server render per link on every page load: eight for the project navigation alone, competing with the
 * page's own data requests.
 */
export function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: ComponentProps<typeof NextLink>) {
  const router = useRouter();
  const href = typeof props.href === "string" ? props.href : null;
  const warm = () => {
    if (href && prefetch !== false && href.startsWith("/")) router.prefetch(href);
  };
  return (
    <NextLink
      {...props}
      prefetch={false}
      onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => {
        warm();
        onMouseEnter?.(e);
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        warm();
        onFocus?.(e);
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        warm();
        onTouchStart?.(e);
      }}
    />
  );
}
