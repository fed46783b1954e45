"use client";

import { InternalErrorContent } from "@/components/errors/internal-error-content";
import { PublicShell } from "@/components/layout/public-shell";
import { Button } from "@/components/ui/button";

/** Last resort for a page that failed to render. */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <PublicShell>
      <InternalErrorContent action={<Button onClick={() => reset()}>Try again</Button>} />
    </PublicShell>
  );
}
