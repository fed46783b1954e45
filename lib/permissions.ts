// The one table of who may do what (spec section 6). The API enforces it on every route and the
// UI reads it to hide what the user may not do.

export const CLIENT_PERMISSION_LEVELS = [
  { value: 4, label: "Client Admin", description: "Manages the client's staff and shared projects and reports" },
  { value: 2, label: "Data Creator", description: "Creates, edits and removes reports and data sources" },
  { value: 1, label: "Viewer", description: "Views the staff list, shared projects and reports" },
] as const;
export type ClientPermission = (typeof CLIENT_PERMISSION_LEVELS)[number]["value"];

/** Actions on one client and everything under it (its projects, reports, data sources). */
export const CLIENT_ACTIONS = [
  "client:view",
  "client:edit",
  "client:settings",
  "client:customize",
  "staff:view",
  "staff:manage",
  "project:view",
  "project:create",
  "project:edit",
  "project:suspend",
  "report:view",
  "report:manage",
  "datasource:view",
  "datasource:manage",
] as const;
export type ClientAction = (typeof CLIENT_ACTIONS)[number];

/** Actions on the agency as a whole: agency admins only. */
export const AGENCY_ACTIONS = [
  "client:create",
  "client:delete",
  "client:suspend",
  "agency:staff",
  "agency:settings",
  "agency:customize",
] as const;
export type AgencyAction = (typeof AGENCY_ACTIONS)[number];

const VIEWER: ClientAction[] = ["client:view", "staff:view", "project:view", "report:view", "datasource:view"];
const DATA_CREATOR: ClientAction[] = [...VIEWER, "client:edit", "project:edit", "report:manage", "datasource:manage"];
const CLIENT_ADMIN: ClientAction[] = [
  ...DATA_CREATOR,
  "client:settings",
  "client:customize",
  "staff:manage",
  "project:create",
  "project:suspend",
];

export const CLIENT_LEVEL_ACTIONS: Record<ClientPermission, readonly ClientAction[]> = {
  1: VIEWER,
  2: DATA_CREATOR,
  4: CLIENT_ADMIN,
};

export interface PermissionSubject {
  isAgencyAdmin: boolean;
}

/** May this user do `action` on a client where they hold `level` (null: not shared with them)? */
export function canOnClient(
  subject: PermissionSubject,
  level: number | null | undefined,
  action: ClientAction,
): boolean {
  if (subject.isAgencyAdmin) return true;
  if (level !== 1 && level !== 2 && level !== 4) return false;
  return CLIENT_LEVEL_ACTIONS[level].includes(action);
}

export function canOnAgency(subject: PermissionSubject, action: AgencyAction): boolean {
  void action;
  return subject.isAgencyAdmin;
}

/** Every client action this user may take at this level, for API answers the UI reads. */
export function clientActionsFor(subject: PermissionSubject, level: number | null | undefined): ClientAction[] {
  return CLIENT_ACTIONS.filter((action) => canOnClient(subject, level, action));
}

export function permissionLabel(level: number): string {
  return CLIENT_PERMISSION_LEVELS.find((l) => l.value === level)?.label ?? "None";
}
