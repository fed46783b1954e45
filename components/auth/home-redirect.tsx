"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { LoadingState } from "@/components/ui/page-state";
import { localState } from "@/lib/local-state";

/** The authenticated "main" route: the stored fallback route if there is one, else the dashboard. */
export function HomeRedirect() {
  const router = useRouter();
  useEffect(() => {
    router.replace(localState.takeFallbackRoute() ?? "/dashboard");
  }, [router]);
  return <LoadingState label="Opening your dashboard…" />;
}
