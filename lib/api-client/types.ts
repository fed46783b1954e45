// Response types come from the server's own functions (type-only imports, erased from the bundle),
// so the client never restates an API shape by hand. JSON turns Dates into strings: `Serialized` says so.
import type { z } from "zod";
import type { agencySignupSchema, forgotPasswordSchema, loginSchema, resetPasswordSchema, staffSignupSchema } from "../validation/auth";
import type { onboardingSubmitSchema } from "../validation/onboarding";
import type { userUpdateSchema } from "../validation/users";
import type { login } from "@/server/services/accounts/login";
import type { forgotPassword } from "@/server/services/accounts/forgot-password";
import type { resetPassword, resetTokenInfo } from "@/server/services/accounts/reset-password";
import type { confirmAgency } from "@/server/services/agencies/confirm-agency";
import type { getAgency } from "@/server/services/agencies/get-agency";
import type { signupAgency } from "@/server/services/agencies/signup-agency";
import type { acceptInvitation } from "@/server/services/invitations/accept-invitation";
import type { createInvitations } from "@/server/services/invitations/create-invitations";
import type { invitationTokenInfo } from "@/server/services/invitations/invitation-token";
import type { listInvitations } from "@/server/services/invitations/list-invitations";
import type { listClients } from "@/server/services/clients/list-clients";
import type { submitOnboarding } from "@/server/services/onboarding/submit-onboarding";
import type { getTempOnboarding } from "@/server/services/onboarding/temp-onboarding";
import type { getCurrentUser, getUser } from "@/server/services/users/get-user";
import type { updateUser } from "@/server/services/users/update-user";
import type { clientSchema, projectSchema, shareClientSchema, userPermissionsSchema } from "../validation/clients";
import type { ClientView, ProjectView } from "@/server/services/clients/client-view";
import type { createClient } from "@/server/services/clients/create-client";
import type { deleteClient } from "@/server/services/clients/delete-client";
import type { getClient } from "@/server/services/clients/get-client";
import type { createProject } from "@/server/services/projects/create-project";
import type { listProjects } from "@/server/services/projects/list-projects";
import type { projectUsage } from "@/server/services/projects/project-limit";
import type { projectUpdateSchema, updateProject } from "@/server/services/projects/update-project";
import type { searchAll } from "@/server/services/search/search-all";
import type { getClientStaff, listClientStaff, removeClientStaff } from "@/server/services/sharing/client-staff";
import type { shareClient } from "@/server/services/sharing/share-client";
import type { clientPermissions, userClients } from "@/server/services/sharing/user-clients";
import type { listAgencyUsers } from "@/server/services/staff/list-agency-staff";
import type { removeStaff } from "@/server/services/staff/remove-staff";
import type { updateUserPermissions } from "@/server/services/staff/update-user-permissions";
import type { changeRole } from "@/server/services/staff/change-role";
import type { DataSourceView } from "@/server/services/data-sources/data-source-view";
import type { UploadSummary as ServerUploadSummary } from "@/server/services/data-sources/upload/import-csv";
import type { updateDataSourceSchema } from "../validation/data-sources";

export type Serialized<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Serialized<U>[]
    : T extends object
      ? { [K in keyof T]: Serialized<T[K]> }
      : T;

type Result<F extends (...args: never[]) => unknown> = Serialized<Awaited<ReturnType<F>>>;

export type CurrentUser = Result<typeof getCurrentUser>;
export type UserInfo = Result<typeof getUser>;
export type LoginResponse = { token: Awaited<ReturnType<typeof login>>["token"]; user: CurrentUser };
export type MessageResponse = Result<typeof forgotPassword>;
export type ResetTokenInfo = Result<typeof resetTokenInfo>;
export type ResetPasswordResponse = Result<typeof resetPassword>;
export type AgencySignupResponse = Result<typeof signupAgency>;
export type AgencyConfirmation = Result<typeof confirmAgency>;
export type Agency = Result<typeof getAgency>;
export type StaffSignupResponse = Result<typeof acceptInvitation>;
export type InvitationTokenInfo = Result<typeof invitationTokenInfo>;
export type InvitationList = Result<typeof listInvitations>;
export type Invitation = InvitationList["docs"][number];
export type CreateInvitationsResponse = Result<typeof createInvitations>;
export type ClientList = Result<typeof listClients>;
export type ClientListEntry = ClientList["docs"][number];
export type TempOnboarding = Result<typeof getTempOnboarding>;
export type OnboardingResult = Result<typeof submitOnboarding>;
export type UpdateUserResponse = Result<typeof updateUser>;

// Request bodies: what the shared zod schemas produce (forms send their parsed values).
export type AgencySignupBody = z.output<typeof agencySignupSchema>;
export type LoginBody = z.output<typeof loginSchema>;
export type ForgotPasswordBody = z.output<typeof forgotPasswordSchema>;
export type ResetPasswordBody = z.output<typeof resetPasswordSchema>;
export type StaffSignupBody = z.output<typeof staffSignupSchema>;
export type UserUpdateBody = z.output<typeof userUpdateSchema>;
export type OnboardingBody = z.output<typeof onboardingSubmitSchema>;

// ---- Workspace: clients, projects, staff, sharing, search ----
export type Client = Serialized<ClientView>;
export type Project = Serialized<ProjectView>;
export type ProjectUsage = Result<typeof projectUsage>;
export type ClientDetail = Result<typeof getClient>;
export type CreatedClient = Result<typeof createClient>;
export type DeletedClient = Result<typeof deleteClient>;
export type ProjectList = Result<typeof listProjects>;
export type CreatedProject = Result<typeof createProject>;
export type UpdatedProject = Result<typeof updateProject>;
/** GET /properties/{id}: the project with its client (and the caller's actions on it) and the agency's usage. */
export type ProjectDetail = Project & { client: Client; usage: ProjectUsage };
export type ClientStaffList = Result<typeof listClientStaff>;
export type StaffEntry = ClientStaffList["docs"][number];
export type ClientStaffEntry = Result<typeof getClientStaff>;
export type RemovedClientStaff = Result<typeof removeClientStaff>;
export type ShareClientResponse = Result<typeof shareClient>;
export type ClientPermissions = Result<typeof clientPermissions>;
export type UserClients = Result<typeof userClients>;
export type AgencyUserList = Result<typeof listAgencyUsers>;
export type AgencyUser = AgencyUserList["docs"][number];
export type RemovedStaff = Result<typeof removeStaff>;
export type UpdatedUserPermissions = Result<typeof updateUserPermissions>;
export type ChangedRole = Result<typeof changeRole>;
export type SearchResults = Result<typeof searchAll>;

export type ClientBody = z.output<typeof clientSchema>;
export type ProjectBody = z.output<typeof projectSchema>;
export type ProjectUpdateBody = z.input<typeof projectUpdateSchema>;
export type ShareClientBody = z.output<typeof shareClientSchema>;
export type UserPermissionsBody = z.output<typeof userPermissionsSchema>;

// ---- Data sources (GET|POST /properties/{id}/data-sources, /data-sources/{id}, upload) ----

export type DataSource = Serialized<DataSourceView>;
export type DataSourceList = { docs: DataSource[]; total: number };
export type UploadSummary = Serialized<ServerUploadSummary>;
/** What an upload source keeps of its last import under `additional.upload`. */
export type StoredUploadSummary = UploadSummary & { fileName?: string | null; uploadedAt?: string };
export type DataSourceUpdateBody = z.input<typeof updateDataSourceSchema>;
export type DeletedDataSource = { status: number; message: string; _id: string };

// ---- Insight reports, insights, tags, saved insights (the contract fixed by issue 4) ----
export type ReportStatus = "queued" | "running" | "ready" | "failed";
export type CompareTo = "previous_period" | "previous_year";
export interface Report {
  _id: string;
  projectId?: string;
  name: string | null;
  status: ReportStatus;
  /** 0-100 while queued or running; 100 when ready. */
  progress: number;
  periodStart: string;
  periodEnd: string;
  compareTo: CompareTo;
  error: string | null;
  createdAt?: string;
  finishedAt?: string | null;
}
export type ReportList = { docs: Report[]; total: number };
export interface ReportBody {
  name?: string;
  periodStart: string;
  periodEnd: string;
  compareTo: CompareTo;
}

export type InsightGroup = "most_impactful" | "data_quality" | "other";
export type FindingKind = "anomaly" | "change" | "driver" | "trend" | "level_shift" | "funnel" | "audit";
/** One piece of machine-readable evidence; audit findings add check, issue, severity, count and examples. */
export interface InsightFinding {
  kind: FindingKind;
  metric: string;
  dimension: string | null;
  dimensionValue: string | null;
  periodStart: string;
  periodEnd: string;
  current: number | null;
  baseline: number | null;
  change: number | null;
  /** A fraction: 0.123 is +12.3 %; null when the baseline is 0. */
  changePct: number | null;
  expectedLow: number | null;
  expectedHigh: number | null;
  confidence: number;
  direction: "up" | "down" | null;
  narrative?: string;
  date?: string;
  pValue?: number | null;
  issue?: string;
  severity?: "low" | "medium" | "high";
  count?: number;
  examples?: string[];
}
export interface SeriesPoint {
  date: string;
  value: number | null;
  expected?: number | null;
  low?: number | null;
  high?: number | null;
}
/** The compact chart an insight carries: a daily series with its expected range, segment contributions, a funnel or audit items. */
export type InsightChart =
  | { type: "series"; metric: string; unit: string; points: SeriesPoint[]; marks?: { date: string; kind: string }[] }
  | {
      type: "contributions";
      metric: string;
      unit: string;
      dimension: string;
      totalCurrent: number;
      totalBaseline: number;
      totalChange: number;
      segments: { value: string; current: number | null; baseline: number | null; contribution: number }[];
      otherContribution: number;
    }
  | { type: "funnel"; steps: { metric: string; current: number; baseline: number }[] }
  | { type: "audit"; items: { issue: string; severity: string; count: number }[] };
export interface Insight {
  _id: string;
  reportId: string;
  intention: { key: string; title: string; question: string };
  group: InsightGroup;
  funnelStage: string;
  title: string;
  summary: string;
  impact: number;
  isWaitForGenerating: boolean;
  tags: ({ _id: string; name: string } | string)[];
  findings: InsightFinding[];
  chart: InsightChart | null;
  dismissPopUp: boolean;
  projectId?: string;
  createdAt?: string;
}
export type InsightList = { docs: Insight[]; total: number };
export interface InsightQuery {
  reportId?: string;
  group?: InsightGroup;
  stage?: string;
  tag?: string;
  q?: string;
  page?: number;
  limit?: number;
}
export interface InsightTag {
  _id: string;
  name: string;
  projectId?: string;
  insightIds?: string[];
  count?: number;
  createdAt?: string;
  updatedAt?: string;
}
export type InsightTagList = { docs: InsightTag[]; total: number };
export interface TagBody {
  name: string;
  insightIds: string[];
}
export interface TagUpdateBody {
  name?: string;
  insightIds?: string[];
}
/** A saved insight: the insight itself, or an entry carrying it (both shapes are read). */
export type SavedInsightEntry = (Insight & { insightId?: string; savedAt?: string }) | { _id: string; insightId: string; insight: Insight; savedAt?: string; createdAt?: string };
export type SavedInsightList = { docs: SavedInsightEntry[]; total: number };
