"use client";

import { usePathname } from "next/navigation";
import { buttonClasses } from "@/components/ui/button";
import { dropboxConnectHref } from "@/lib/api-client/file-storage";
import { apiUrl } from "@/lib/api-client/http";

/**
 * "Connect Dropbox": a plain link, because the browser itself goes to Dropbox's consent page and
 * comes back here (to this page) when the connection is made.
 */
export function ConnectDropboxLink({ label = "Connect Dropbox" }: { label?: string }) {
  const pathname = usePathname();
  return (
    <a href={dropboxConnectHref(apiUrl, pathname)} className={buttonClasses("primary", "sm")}>
      {label}
    </a>
  );
}
