"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { DROPBOX_MESSAGES, type DropboxConnectOutcome } from "@/lib/constants/dropbox-messages";
import { DELIVERY_MESSAGES } from "@/lib/constants/messages";

const OUTCOMES: Record<DropboxConnectOutcome, { kind: "success" | "error"; message: string }> = {
  connected: { kind: "success", message: DROPBOX_MESSAGES.connected },
  "state-mismatch": { kind: "error", message: DROPBOX_MESSAGES.stateMismatch },
  denied: { kind: "error", message: DROPBOX_MESSAGES.accessDenied },
  failed: { kind: "error", message: DROPBOX_MESSAGES.connectFailed },
  token: { kind: "error", message: DELIVERY_MESSAGES.dropboxTokenInvalid },
};

/**
 * Back from Dropbox's consent page, the URL carries `?dropbox=<outcome>`: say what happened once,
 * then take the parameter out of the address so a reload does not say it again.
 */
export function DropboxOutcomeNotice() {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const alerts = useAlerts();
  const outcome = params.get("dropbox") as DropboxConnectOutcome | null;

  useEffect(() => {
    const shown = outcome ? OUTCOMES[outcome] : undefined;
    if (!shown) return;
    alerts[shown.kind](shown.message);
    const rest = new URLSearchParams(params.toString());
    rest.delete("dropbox");
    const query = rest.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per outcome in the address
  }, [outcome]);
  return null;
}
