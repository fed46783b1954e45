import type { Metadata } from "next";
import { NotFoundContent } from "@/components/errors/not-found-content";
import { PublicShell } from "@/components/layout/public-shell";

export const metadata: Metadata = { title: "Page not found" };

/** Any unknown path. */
export default function NotFound() {
  return (
    <PublicShell>
      <NotFoundContent />
    </PublicShell>
  );
}
