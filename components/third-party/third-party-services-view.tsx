"use client";

import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { ConnectDropboxLink } from "@/components/file-storage/connect-dropbox-link";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { ProviderLogo } from "@/components/ui/provider-logo";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import type { ThirdPartySession } from "@/lib/api-client/file-storage";
import { DROPBOX_MESSAGES } from "@/lib/constants/dropbox-messages";
import { formatDate } from "@/lib/format";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { useRevokeThirdPartySession, useThirdPartySessions } from "@/lib/hooks/use-file-storage";

/**
 * Third Party Service Access: the services this user connected (Dropbox for saving reports, Google, HubSpot,
 * Shopify and Meta for data sources), each by its provider's name and mark, with the account and the date, and a
 * way to revoke each.
 */
export function ThirdPartyServicesView() {
  const { data: user } = useCurrentUser();
  const userId = user?._id;
  const sessions = useThirdPartySessions(userId);
  const revoke = useRevokeThirdPartySession(userId ?? "");
  const alerts = useAlerts();
  const [confirming, setConfirming] = useState<ThirdPartySession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const docs = sessions.data?.docs ?? [];
  const hasDropbox = docs.some((d) => d.type === "dropbox");

  const onRevoke = async () => {
    if (!confirming) return;
    setError(null);
    try {
      await revoke.mutateAsync(confirming._id);
      alerts.success(`${confirming.service}: ${DROPBOX_MESSAGES.sessionRevoked}`);
      setConfirming(null);
    } catch (raw) {
      setError(toApiError(raw).message);
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Third Party Service Access</h1>
        <p className="mt-1 text-sm text-slate-600">
          Services you connected to Funnelwise. Revoking one stops Funnelwise from using it: Dropbox deliveries and the
          data source imports made with it (Google, HubSpot, Shopify, Meta) stop until you connect again.
        </p>
      </div>
      <Card>
        <CardTitle>Connected services</CardTitle>
        <CardDescription>Your own connections; colleagues manage theirs.</CardDescription>
        <div className="mt-4">
          {sessions.isPending ? (
            <LoadingState label="Loading connected services" />
          ) : sessions.error ? (
            <ErrorState message={toApiError(sessions.error).message} onRetry={() => void sessions.refetch()} />
          ) : docs.length === 0 ? (
            <EmptyState title="No connected services">Connect Dropbox to save reports to its folders.</EmptyState>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Connected services</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Service
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Account
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Connected on
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {docs.map((s) => (
                  <tr key={s._id}>
                    <td className="py-2 pr-3 font-medium text-slate-900">
                      <span className="flex items-center gap-2">
                        <ProviderLogo provider={s.provider} />
                        {s.service}
                      </span>
                    </td>
                    <td className="py-2 pr-3 text-slate-700">
                      {s.account}
                      {s.accountType ? <span className="text-slate-500"> ({s.accountType})</span> : null}
                    </td>
                    <td className="py-2 pr-3 text-slate-700">{formatDate(s.connectedAt)}</td>
                    <td className="py-2 text-right">
                      <Button size="sm" variant="secondary" onClick={() => setConfirming(s)}>
                        {`Revoke ${s.service}`}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {!sessions.isPending && !hasDropbox ? (
          <div className="mt-4">
            <ConnectDropboxLink />
          </div>
        ) : null}
      </Card>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`Revoke ${confirming?.service ?? ""} access?`}
        confirmLabel="Revoke"
        loading={revoke.isPending}
        error={error}
        onConfirm={() => void onRevoke()}
      >
        {`Funnelwise will stop using ${confirming?.account ?? "this account"}. You can connect again at any time.`}
      </ConfirmDialog>
    </div>
  );
}
