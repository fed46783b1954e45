"use client";

import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Breadcrumbs } from "@/components/app-shell/breadcrumbs";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Select } from "@/components/ui/input";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { Pager } from "@/components/ui/pager";
import type { ClientDetail, StaffEntry } from "@/lib/api-client/types";
import { PAGE_SIZE } from "@/lib/constants/app";
import { useClientAccessError } from "@/lib/hooks/use-access-error";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useClient } from "@/lib/hooks/use-clients";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { useClientStaffs, useRemoveClientStaff, useSetClientStaffPermission } from "@/lib/hooks/use-sharing";
import { CLIENT_PERMISSION_LEVELS, permissionLabel } from "@/lib/permissions";
import { ShareClientForm } from "./share-client-form";
import { ClientSuspended } from "./client-suspended";

/** /clients/{id}/staffs: who the client is shared with and at which level; sharing for those allowed. */
export function ClientStaffView({ clientId }: { clientId: string }) {
  const user = useCurrentUser();
  const client = useClient(clientId);
  const accessError = useClientAccessError(client.error);

  if (accessError === "suspended") return <ClientSuspended />;
  if (client.isError)
    return <ErrorState message={toApiError(client.error).message} onRetry={() => void client.refetch()} />;
  if (client.isPending || !user.data) return <LoadingState label="Loading the client…" />;
  const me = user.data;
  const canManage = client.data.actions.includes("staff:manage");

  return (
    <div className="space-y-6">
      <Breadcrumbs
        trail={{
          agency: { id: me.agency._id, name: me.agency.name },
          client: { id: client.data._id, name: client.data.name },
        }}
      />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">
          Staff of {client.data.name}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Agency admins see every client. Staff see a client only once it is shared with them, at one of three levels.
        </p>
      </div>
      {canManage ? (
        <ShareClientForm clientId={clientId} clientName={client.data.name} isAgencyAdmin={me.isAgencyAdmin} />
      ) : null}
      <StaffList client={client.data} canManage={canManage} myId={me._id} />
    </div>
  );
}

function StaffList({ client, canManage, myId }: { client: ClientDetail; canManage: boolean; myId: string }) {
  const [page, setPage] = useState(0);
  const staffs = useClientStaffs(client._id, page);
  const accessError = useClientAccessError(staffs.error);
  const total = staffs.data?.total ?? 0;

  let body;
  if (staffs.isPending) body = <LoadingState label="Loading staff…" />;
  else if (staffs.isError)
    body =
      accessError === "suspended" ? (
        <ClientSuspended />
      ) : (
        <ErrorState
          title="We could not load the staff"
          message={toApiError(staffs.error).message}
          onRetry={() => void staffs.refetch()}
        />
      );
  else if (staffs.data.docs.length === 0)
    body = (
      <EmptyState title="Not shared with anyone yet" className="mt-2">
        {canManage
          ? "Share the client above to give a staff member access."
          : "Staff the client is shared with are listed here."}
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="divide-y divide-slate-100">
          {staffs.data.docs.map((staff) => (
            <StaffRow key={staff._id} clientId={client._id} staff={staff} canManage={canManage && staff._id !== myId} />
          ))}
        </ul>
        <Pager label="Staff pages" page={page} total={total} pageSize={PAGE_SIZE} onPage={setPage} />
      </>
    );

  return (
    <Card aria-labelledby="client-staff-heading">
      <CardTitle id="client-staff-heading">Shared with</CardTitle>
      <CardDescription>{total === 1 ? "1 staff member" : `${total} staff members`}</CardDescription>
      <div className="mt-2" aria-busy={staffs.isFetching}>
        {body}
      </div>
    </Card>
  );
}

function StaffRow({ clientId, staff, canManage }: { clientId: string; staff: StaffEntry; canManage: boolean }) {
  const alerts = useAlerts();
  const setPermission = useSetClientStaffPermission(clientId);
  const remove = useRemoveClientStaff(clientId);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = `${staff.firstName} ${staff.lastName}`.trim() || staff.email;

  const change = async (value: string) => {
    const permission = Number(value) as 1 | 2 | 4;
    try {
      await setPermission.mutateAsync({ staffId: staff._id, permission });
      alerts.success(`${name} is now ${permissionLabel(permission)}`);
    } catch (raw) {
      alerts.error(toApiError(raw).message);
    }
  };

  const removeAccess = async () => {
    setError(null);
    try {
      await remove.mutateAsync(staff._id);
      setConfirming(false);
      alerts.success(`${name} no longer has access`);
    } catch (raw) {
      setError(toApiError(raw).message);
    }
  };

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" aria-label={name}>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900">{name}</p>
        <p className="truncate text-xs text-slate-500">{staff.email}</p>
      </div>
      {canManage ? (
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`level-${staff._id}`}>
            Level of {staff.email}
          </label>
          <Select
            id={`level-${staff._id}`}
            className="sm:w-44"
            value={String(staff.permission ?? "")}
            disabled={setPermission.isPending}
            onChange={(event) => void change(event.target.value)}
          >
            {CLIENT_PERMISSION_LEVELS.map((level) => (
              <option key={level.value} value={String(level.value)}>
                {level.label}
              </option>
            ))}
          </Select>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Remove access
          </Button>
          <ConfirmDialog
            open={confirming}
            onClose={() => {
              setConfirming(false);
              setError(null);
            }}
            title={`Remove ${name}'s access?`}
            confirmLabel="Remove"
            loading={remove.isPending}
            error={error}
            onConfirm={() => void removeAccess()}
          >
            They will no longer see this client, its projects or reports. You can share it with them again later.
          </ConfirmDialog>
        </div>
      ) : (
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
          {permissionLabel(staff.permission ?? 0)}
        </span>
      )}
    </li>
  );
}
