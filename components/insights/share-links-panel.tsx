"use client";

import { useId, useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FormError } from "@/components/ui/form-error";
import type { CreatedShareLink, ShareLink } from "@/lib/api-client/file-storage";
import { DEFAULT_SHARE_LINK_DAYS, SHARE_LINK_DAYS, SHARE_LINK_MESSAGES } from "@/lib/constants/share-link-messages";
import { formatDate } from "@/lib/format";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from "@/lib/hooks/use-file-storage";

const STATUS_LABELS: Record<ShareLink["status"], string> = {
  active: "Active",
  expired: "Expired",
  revoked: "Revoked",
};

/**
 * Read-only links to this report for a client without an account: create one (it expires after
 * the chosen days; its address is shown once, since only a hash is kept), see the links made so
 * far with their state and openings, and revoke any that is still active.
 */
export function ShareLinksPanel({ reportId, reportName }: { reportId: string; reportName: string }) {
  const alerts = useAlerts();
  const links = useShareLinks(reportId);
  const create = useCreateShareLink(reportId);
  const revoke = useRevokeShareLink(reportId);
  const [days, setDays] = useState<number>(DEFAULT_SHARE_LINK_DAYS);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const daysId = useId();
  const urlId = useId();

  const onCreate = async () => {
    setError(null);
    try {
      setCreated(await create.mutateAsync({ reportId, expiresInDays: days }));
      alerts.success(SHARE_LINK_MESSAGES.created);
    } catch (raw) {
      setError(toApiError(raw).message);
    }
  };
  const onRevoke = async (id: string) => {
    setError(null);
    try {
      await revoke.mutateAsync(id);
      if (created?._id === id) setCreated(null);
      alerts.success(SHARE_LINK_MESSAGES.revokedDone);
    } catch (raw) {
      setError(toApiError(raw).message);
    }
  };

  const docs = links.data?.docs ?? [];
  return (
    <section aria-labelledby="share-links-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="share-links-heading" className="text-lg font-semibold text-slate-900">
        Share links
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {`A read-only link to ${reportName} that your client opens without an account.`}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div>
          <Label htmlFor={daysId}>Link expires after</Label>
          <Select id={daysId} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {SHARE_LINK_DAYS.map((d) => (
              <option key={d} value={d}>{`${d} days`}</option>
            ))}
          </Select>
        </div>
        <Button size="sm" loading={create.isPending} onClick={() => void onCreate()}>
          Create share link
        </Button>
      </div>
      {created ? (
        <div className="mt-3 space-y-1 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm">
          <Label htmlFor={urlId}>Share link (shown only now)</Label>
          <div className="flex gap-2">
            <Input id={urlId} readOnly value={created.url} onFocus={(e) => e.currentTarget.select()} />
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void navigator.clipboard?.writeText(created.url).then(() => alerts.success("Link copied"))}
            >
              Copy
            </Button>
          </div>
          <p className="text-slate-600">{`Expires on ${formatDate(created.expiresAt)}.`}</p>
        </div>
      ) : null}
      {error ? (
        <div className="mt-3">
          <FormError message={error} />
        </div>
      ) : null}
      {docs.length ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Share links of this report</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Created
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  For
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Expires
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  State
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Opened
                </th>
                <th scope="col" className="py-1 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {docs.map((link) => (
                <tr key={link._id}>
                  <td className="py-1.5 pr-3">{formatDate(link.createdAt)}</td>
                  {/* An email's link names its recipients; one made here is "Shared by hand". */}
                  <td className="py-1.5 pr-3 break-words">{link.label ?? "Shared by hand"}</td>
                  <td className="py-1.5 pr-3">{formatDate(link.expiresAt)}</td>
                  <td className="py-1.5 pr-3">{STATUS_LABELS[link.status]}</td>
                  <td className="py-1.5 pr-3">{`${link.openCount} ${link.openCount === 1 ? "time" : "times"}`}</td>
                  <td className="py-1.5 text-right">
                    {link.status === "active" ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={revoke.isPending && revoke.variables === link._id}
                        onClick={() => void onRevoke(link._id)}
                        aria-label={`Revoke the share link created ${formatDate(link.createdAt)}, expiring ${formatDate(link.expiresAt)}`}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
