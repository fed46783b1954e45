"use client";

import { useCallback } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { GOOGLE_MESSAGES } from "@/lib/constants/messages";
import { useAfterReconnect } from "@/lib/hooks/use-google";
import { useGoogleSignIn } from "@/lib/hooks/use-google-sign-in";

/**
 * One-click reconnect of a source whose Google access expired or was revoked: the sign-in popup,
 * after which the server attaches the new sign-in to the source, clears its token-update-failed
 * state and queues its import. Nothing imported before is touched.
 */
export function ReconnectButton({
  dataSourceId,
  projectId,
  label,
}: {
  dataSourceId: string;
  projectId?: string;
  label: string;
}) {
  const alerts = useAlerts();
  const after = useAfterReconnect();
  const onSignedIn = useCallback(() => {
    after(dataSourceId, projectId);
    alerts.success(GOOGLE_MESSAGES.reconnected);
  }, [after, alerts, dataSourceId, projectId]);
  const { state, signIn } = useGoogleSignIn(onSignedIn);
  return (
    <span className="inline-flex flex-col gap-1">
      <Button size="sm" loading={state.status === "waiting"} onClick={() => signIn(dataSourceId)} aria-label={label}>
        Reconnect
      </Button>
      {state.status === "error" ? (
        <span role="alert" className="text-sm text-red-700">
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
