"use client";

import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { Select } from "@/components/ui/input";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import type { AgencyUser, ClientListEntry, UserClients } from "@/lib/api-client/types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { usePickerClients } from "@/lib/hooks/use-clients";
import { useUpdateUserPermissions, useUserClients } from "@/lib/hooks/use-sharing";
import { CLIENT_PERMISSION_LEVELS } from "@/lib/permissions";
import { pausedNotice } from "./schedule-permission-toggle";

const NONE = "";

/** A staff member's level on each client, changed together (POST /users/{id}/permissions/update). */
export function StaffPermissionsDialog({
  agencyId,
  staff,
  onClose,
}: {
  agencyId: string;
  staff: AgencyUser | null;
  onClose: () => void;
}) {
  const name = staff ? `${staff.firstName} ${staff.lastName}`.trim() || staff.email : "";
  return (
    <Dialog
      open={staff !== null}
      onClose={onClose}
      title={`Client access of ${name}`}
      description="Choose what this staff member may do on each client."
    >
      {staff ? <PermissionsBody agencyId={agencyId} staff={staff} name={name} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PermissionsBody({
  agencyId,
  staff,
  name,
  onClose,
}: {
  agencyId: string;
  staff: AgencyUser;
  name: string;
  onClose: () => void;
}) {
  const clients = usePickerClients(agencyId);
  const current = useUserClients(staff._id);
  if (clients.isPending || current.isPending) return <LoadingState label="Loading clients…" />;
  if (clients.isError || current.isError) {
    const error = clients.error ?? current.error;
    return (
      <ErrorState
        message={toApiError(error).message}
        onRetry={() => {
          void clients.refetch();
          void current.refetch();
        }}
      />
    );
  }
  if (clients.data.docs.length === 0)
    return <EmptyState title="No clients yet">Add a client first; then you can share it.</EmptyState>;
  return (
    <PermissionsForm
      staff={staff}
      name={name}
      clients={clients.data.docs}
      total={clients.data.total}
      current={current.data}
      onClose={onClose}
    />
  );
}

function PermissionsForm({
  staff,
  name,
  clients,
  total,
  current,
  onClose,
}: {
  staff: AgencyUser;
  name: string;
  clients: ClientListEntry[];
  total: number;
  current: UserClients;
  onClose: () => void;
}) {
  const alerts = useAlerts();
  const update = useUpdateUserPermissions(staff._id);
  const initial = new Map(current.docs.map((c) => [c._id, String(c.permission)]));
  const [levels, setLevels] = useState<Record<string, string>>(() =>
    Object.fromEntries(clients.map((c) => [c._id, initial.get(c._id) ?? NONE])),
  );
  const [error, setError] = useState<string | null>(null);
  const [maySchedule, setMaySchedule] = useState(staff.actions.isScheduleAllowed);

  const save = async () => {
    setError(null);
    const changed = clients
      .filter((c) => (levels[c._id] ?? NONE) !== (initial.get(c._id) ?? NONE))
      .map((c) => ({
        clientId: c._id,
        permission: levels[c._id] === NONE ? null : (Number(levels[c._id]) as 1 | 2 | 4),
      }));
    const scheduleChanged = maySchedule !== staff.actions.isScheduleAllowed;
    if (changed.length === 0 && !scheduleChanged) return onClose();
    try {
      const result = await update.mutateAsync({
        permissions: changed,
        ...(scheduleChanged ? { isScheduleAllowed: maySchedule } : {}),
      });
      onClose();
      alerts.success(
        scheduleChanged && !maySchedule
          ? `Client access of ${name} saved. ${pausedNotice(name, result.pausedSchedules)}`
          : `Client access of ${name} saved`,
      );
    } catch (raw) {
      setError(toApiError(raw).message);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      className="space-y-4"
    >
      <FormError message={error} />
      <ul className="max-h-[50dvh] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
        {clients.map((client) => (
          <li
            key={client._id}
            className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
          >
            <label htmlFor={`access-${client._id}`} className="min-w-0 truncate text-sm text-slate-800">
              <span className="sr-only">Access to </span>
              {client.name}
              {client.status === "suspended" ? <span className="text-slate-500"> (suspended)</span> : null}
            </label>
            <Select
              id={`access-${client._id}`}
              className="sm:w-44"
              value={levels[client._id] ?? NONE}
              onChange={(event) => setLevels((prev) => ({ ...prev, [client._id]: event.target.value }))}
            >
              <option value={NONE}>No access</option>
              {CLIENT_PERMISSION_LEVELS.map((level) => (
                <option key={level.value} value={String(level.value)}>
                  {level.label}
                </option>
              ))}
            </Select>
          </li>
        ))}
      </ul>
      <CheckboxField
        label="May create schedules (email and Dropbox deliveries in their name)"
        checked={maySchedule}
        onCheckedChange={(checked) => setMaySchedule(checked === true)}
      />
      {total > clients.length ? (
        <p className="text-xs text-slate-500">
          Showing the {clients.length} newest of {total} clients; share older ones from their client staff page.
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save access
        </Button>
      </div>
    </form>
  );
}
