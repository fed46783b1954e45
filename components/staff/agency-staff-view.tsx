"use client";

import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { InvitationsList } from "@/components/dashboard/invitations-list";
import { InviteStaffForm } from "@/components/dashboard/invite-staff-form";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { Pager } from "@/components/ui/pager";
import type { AgencyUser } from "@/lib/api-client/types";
import { PAGE_SIZE } from "@/lib/constants/app";
import { formatDate } from "@/lib/format";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { useAgencyUsers, useRemoveStaff, useSetRole } from "@/lib/hooks/use-sharing";
import { SchedulePermissionToggle } from "./schedule-permission-toggle";
import { StaffPermissionsDialog } from "./staff-permissions-dialog";

type Pending = { kind: "role"; user: AgencyUser; role: "agency" | "staff" } | { kind: "remove"; user: AgencyUser };

const fullName = (user: AgencyUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** /agency-staffs (agency admins): the agency's admins and staff, invitations, roles and client access. */
export function AgencyStaffView() {
  const user = useCurrentUser();
  const alerts = useAlerts();
  const setRole = useSetRole();
  const removeStaff = useRemoveStaff();
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<AgencyUser | null>(null);

  if (user.isPending) return <LoadingState />;
  if (user.isError) return <ErrorState message={toApiError(user.error).message} onRetry={() => void user.refetch()} />;
  const agencyId = user.data.agency._id;

  const close = () => {
    setPending(null);
    setError(null);
  };
  const confirm = async () => {
    if (!pending) return;
    setError(null);
    try {
      if (pending.kind === "role") {
        await setRole.mutateAsync({ userId: pending.user._id, role: pending.role });
        alerts.success(
          pending.role === "agency"
            ? `${fullName(pending.user)} is now an agency admin`
            : `${fullName(pending.user)} is now staff`,
        );
      } else {
        const result = await removeStaff.mutateAsync(pending.user._id);
        alerts.success(`${result.message}: ${fullName(pending.user)}`);
      }
      close();
    } catch (raw) {
      setError(toApiError(raw).message);
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Agency staff</h1>
        <p className="mt-1 text-sm text-slate-600">
          Invite people to <strong className="text-slate-900">{user.data.agency.name}</strong>, choose who is an admin,
          and which clients each staff member sees.
        </p>
      </div>
      <UsersCard
        role="staff"
        agencyId={agencyId}
        myId={user.data._id}
        onRole={(u) => setPending({ kind: "role", user: u, role: "agency" })}
        onRemove={(u) => setPending({ kind: "remove", user: u })}
        onPermissions={setPermissionsOf}
      />
      <UsersCard
        role="agency"
        agencyId={agencyId}
        myId={user.data._id}
        onRole={(u) => setPending({ kind: "role", user: u, role: "staff" })}
      />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <InviteStaffForm />
        <InvitationsList />
      </div>

      <ConfirmDialog
        open={pending?.kind === "role"}
        onClose={close}
        title={
          pending?.kind === "role" && pending.role === "agency"
            ? `Make ${fullName(pending.user)} an agency admin?`
            : `Make ${pending ? fullName(pending.user) : ""} staff?`
        }
        confirmLabel={pending?.kind === "role" && pending.role === "agency" ? "Make admin" : "Make staff"}
        variant="primary"
        loading={setRole.isPending}
        error={error}
        onConfirm={() => void confirm()}
      >
        {pending?.kind === "role" && pending.role === "agency"
          ? "Agency admins see and manage every client, the staff and the agency's settings."
          : "Staff see only the clients shared with them. They are logged out and log in again with the new role."}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === "remove"}
        onClose={close}
        title={`Remove ${pending ? fullName(pending.user) : ""} from the agency?`}
        confirmLabel="Remove"
        loading={removeStaff.isPending}
        error={error}
        onConfirm={() => void confirm()}
      >
        Their account is deleted and they are logged out at once. Their access to clients goes with it.
      </ConfirmDialog>
      <StaffPermissionsDialog agencyId={agencyId} staff={permissionsOf} onClose={() => setPermissionsOf(null)} />
    </div>
  );
}

interface UsersCardProps {
  role: "staff" | "agency";
  agencyId: string;
  myId: string;
  onRole: (user: AgencyUser) => void;
  onRemove?: (user: AgencyUser) => void;
  onPermissions?: (user: AgencyUser) => void;
}

function UsersCard({ role, agencyId, myId, onRole, onRemove, onPermissions }: UsersCardProps) {
  const [page, setPage] = useState(0);
  const users = useAgencyUsers(agencyId, role, page);
  const headingId = role === "staff" ? "staff-heading" : "admins-heading";

  let body;
  if (users.isPending) body = <LoadingState label="Loading people…" />;
  else if (users.isError)
    body = <ErrorState message={toApiError(users.error).message} onRetry={() => void users.refetch()} />;
  else if (users.data.docs.length === 0)
    body = (
      <EmptyState title={role === "staff" ? "No staff yet" : "No admins"} className="mt-2">
        {role === "staff"
          ? "Invite your team below; once they accept, you can share clients with them."
          : "Make a staff member an admin from the list above, or invite one below."}
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="divide-y divide-slate-100">
          {users.data.docs.map((u) => (
            <li
              key={u._id}
              aria-label={fullName(u)}
              className="flex flex-col gap-3 py-3 md:flex-row md:items-center md:justify-between"
            >
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">
                  {fullName(u)}
                  {u._id === myId ? <span className="font-normal text-slate-500"> (you)</span> : null}
                </p>
                <p className="truncate text-xs text-slate-500">
                  {u.email}
                  {u.phone ? ` · ${u.phone}` : ""}
                </p>
                <p className="text-xs text-slate-500">
                  {role === "staff"
                    ? `${u.clientCount ?? 0} ${u.clientCount === 1 ? "client" : "clients"} shared · `
                    : ""}
                  {u.lastLoginAt ? `Last login ${formatDate(u.lastLoginAt)}` : "Never logged in"}
                </p>
                {role === "staff" ? <SchedulePermissionToggle staff={u} name={fullName(u)} className="mt-2" /> : null}
              </div>
              {u._id !== myId ? (
                <div className="flex flex-wrap gap-2">
                  {onPermissions ? (
                    <Button variant="secondary" size="sm" onClick={() => onPermissions(u)}>
                      Client access
                    </Button>
                  ) : null}
                  <Button variant="secondary" size="sm" onClick={() => onRole(u)}>
                    {role === "staff" ? "Make admin" : "Make staff"}
                  </Button>
                  {onRemove ? (
                    <Button variant="danger" size="sm" onClick={() => onRemove(u)}>
                      Remove staff
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        <Pager
          label={role === "staff" ? "Staff pages" : "Admin pages"}
          page={page}
          total={users.data.total}
          pageSize={PAGE_SIZE}
          onPage={setPage}
        />
      </>
    );

  return (
    <Card aria-labelledby={headingId}>
      <CardTitle id={headingId}>{role === "staff" ? "Staff" : "Agency admins"}</CardTitle>
      <CardDescription>
        {role === "staff"
          ? "Staff see the clients shared with them, at the level you choose."
          : "Admins see and manage everything in the agency."}
      </CardDescription>
      <div className="mt-2" aria-busy={users.isFetching}>
        {body}
      </div>
    </Card>
  );
}
