"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useSetGroupDismissed } from "@/lib/hooks/use-report-dismissals";
import type { DismissibleGroup } from "@/lib/validation/report-dismissals";

interface Props {
  reportId: string;
  group: { key: DismissibleGroup; label: string };
  dismissed: boolean;
  /** The group's insights the report shows (with the filters): nothing to dismiss when none. */
  count: number;
  heading: ReactNode;
}

/**
 * The heading of a group a reader may dismiss from their view of the report (dismissPopUp: Other Insights), with
 * its control: "Dismiss" beside the heading, and once dismissed a line saying so with "Show … again". Focus follows
 * the choice to the control that undoes it, so a keyboard or screen reader user is never left on a button that
 * vanished.
 */
export function DismissibleGroupHeading({ reportId, group, dismissed, count, heading }: Props) {
  const alerts = useAlerts();
  const set = useSetGroupDismissed(reportId);
  const dismissRef = useRef<HTMLButtonElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  const chosen = useRef(false);

  useEffect(() => {
    if (!chosen.current) return;
    chosen.current = false;
    (dismissed ? restoreRef : dismissRef).current?.focus();
  }, [dismissed]);

  const choose = async (next: boolean) => {
    try {
      chosen.current = true;
      await set.mutateAsync({ group: group.key, dismissed: next });
      alerts.success(next ? `${group.label} dismissed from your view of this report` : `${group.label} shown again`);
    } catch (raw) {
      chosen.current = false;
      alerts.error(toApiError(raw).message);
    }
  };

  // One instance whichever state it is in, so the focus effect above sees the change it caused.
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {heading}
        {!dismissed && count > 0 ? (
          <Button
            ref={dismissRef}
            size="sm"
            variant="ghost"
            // No taller than the heading beside it: the report keeps its height.
            className="-my-0.5"
            loading={set.isPending}
            aria-label={`Dismiss ${group.label} from your view of this report`}
            onClick={() => void choose(true)}
          >
            Dismiss
          </Button>
        ) : null}
      </div>
      {dismissed ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <span>
            You dismissed {count === 0 ? "this group" : count === 1 ? "this insight" : `these ${count} insights`} from
            your view of this report; others still see them.
          </span>
          <Button
            ref={restoreRef}
            size="sm"
            variant="secondary"
            loading={set.isPending}
            onClick={() => void choose(false)}
          >
            Show {group.label} again
          </Button>
        </p>
      ) : null}
    </>
  );
}
