"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { EmptyState, LoadingState } from "@/components/ui/page-state";
import { localState } from "@/lib/local-state";

/**
 * /client-projects without an id opens the project last worked on, which the browser keeps
 * (spec sections 2 and 4); with none stored, it says where projects are.
 */
export function LastProjectRedirect() {
  const router = useRouter();
  const [none, setNone] = useState(false);
  useEffect(() => {
    const project = localState.getProject();
    if (project && /^[0-9a-f-]{36}$/i.test(project.id)) router.replace(`/client-projects/${project.id}`);
    // Storage is only readable after hydration: the empty state waits for it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    else setNone(true);
  }, [router]);
  if (!none) return <LoadingState label="Opening your last project…" />;
  return (
    <EmptyState title="No project opened yet">
      Pick a project from the{" "}
      <Link href="/clients" className="text-brand-700 underline underline-offset-2">
        clients list
      </Link>
      ; the next time you come here, it opens the project you last worked on.
    </EmptyState>
  );
}
