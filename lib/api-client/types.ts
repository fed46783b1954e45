// Response types come from the server's own functions (type-only imports, erased from the bundle),
// so the client never restates an API shape by hand. JSON turns Dates into strings: `Serialized` says so.
import type { z } from "zod";
import type { CreatePartnerSourceInput } from "../validation/partner-sources";
import type { planListResponse, planResponse, subscriptionResponse } from "../validation/responses/billing";
import type { DATA_SOURCE_RESPONSES } from "../validation/responses/data-sources";
import type {
  agencySignupSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  staffSignupSchema,
} from "../validation/auth";
import type { onboardingSubmitSchema, tempOnboardingSchema } from "../validation/onboarding";
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
import type { createReportSchema, insightQuerySchema, addTagSchema, updateTagSchema } from "../validation/reports";
import type { Chart as EngineChart } from "@/server/insights/engine/types";
import type { Finding as EngineFinding } from "@/server/insights/types";
import type { DataKind, FactorSplit } from "@/lib/insights/finding";
import type { getInsight } from "@/server/services/insights/get-insight";
import type { InsightView } from "@/server/services/insights/insight-view";
import type { createReport } from "@/server/services/reports/create-report";
import type { deleteReport } from "@/server/services/reports/delete-report";
import type { listReports } from "@/server/services/reports/list-reports";
import type { reportKpis } from "@/server/services/reports/report-kpis";
import type { listSavedInsights } from "@/server/services/saved-insights/list-saved";
import type { saveInsight, unsaveInsight } from "@/server/services/saved-insights/save-insight";
import type { deleteTag } from "@/server/services/tags/delete-tag";
import type { listTags } from "@/server/services/tags/list-tags";
import type { TagView } from "@/server/services/tags/tag-view";

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
export type TempOnboardingBody = z.input<typeof tempOnboardingSchema>;
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
export type UserPermissionsBody = z.input<typeof userPermissionsSchema>;

// ---- Data sources (GET|POST /properties/{id}/data-sources, /data-sources/{id}, upload) ----

export type DataSource = Serialized<DataSourceView>;
export type DataSourceList = { docs: DataSource[]; total: number };
export type UploadSummary = Serialized<ServerUploadSummary>;
export type PartnerSourceBody = CreatePartnerSourceInput;
export type CreatedUploadSource = { dataSource: DataSource; summary: UploadSummary };
/** What an upload source keeps of its last import under `additional.upload`. */
export type StoredUploadSummary = UploadSummary & { fileName?: string | null; uploadedAt?: string };
export type DataSourceUpdateBody = z.input<typeof updateDataSourceSchema>;
export type DeletedDataSource = z.output<(typeof DATA_SOURCE_RESPONSES)["DELETE /api/data-sources/{id}"]>;

// ---- Insight reports, insights, tags, saved insights ----
// Inferred from the services; an insight's findings and chart are JSON columns, typed here from the engine's own types.
export type Report = Result<typeof createReport>;
export type ReportStatus = Report["status"];
export type CompareTo = Report["compareTo"];
export type ReportList = Result<typeof listReports>;
export type ReportBody = z.input<typeof createReportSchema>;
export type DeletedReport = Result<typeof deleteReport>;
export type ReportKpis = Result<typeof reportKpis>;
export type ReportKpi = ReportKpis["kpis"][number];

/** One piece of machine-readable evidence; audit findings add check, issue, severity, count and examples. */
export type InsightFinding = Serialized<EngineFinding> & {
  date?: string;
  check?: string;
  issue?: string;
  severity?: "low" | "medium" | "high";
  count?: number;
  examples?: string[];
  /** Segments of other dimensions with this finding's numbers: the same rows (segment watch). */
  sameRowsAs?: { dimension: string; dimensionValue: string }[];
  /** Wider segments that moved by about as much the same day: most likely this change (segment watch). */
  sameEventAs?: { dimension: string; dimensionValue: string; change: number }[];
  /** Segments of other dimensions that moved with it by less, the total moving mostly with it (segment watch). */
  /** `metric` when the segment's change is of another metric than the finding's (told with its own unit). */
  movedWith?: { dimension: string; dimensionValue: string; change: number; metric?: string }[];
  /** How many of `movedWith` the sentence counts as "N other segments" instead of naming them. */
  movedWithOthers?: number;
  /** A competitor comparison's visibility move inside its day-to-day variation: shown without colour. */
  withinVariation?: boolean;
  /** A total's change split by its identity (clicks = impressions × CTR, cost = clicks × CPC …); effects sum to it. */
  factors?: FactorSplit;
  /** The data a total was read from, where that decides what to do about it. */
  dataKind?: DataKind;
};
export type FindingKind = InsightFinding["kind"];
/**
 * The compact chart an insight carries: a daily series with its expected range, segment contributions, a funnel
 * or audit items.
 */
export type InsightChart = Serialized<EngineChart>;
export type SeriesPoint = Extract<InsightChart, { type: "series" }>["points"][number];
type InsightBase = Omit<Serialized<InsightView>, "findings" | "chart">;
export type Insight = InsightBase & { findings: InsightFinding[]; chart: InsightChart | null };
export type InsightGroup = Insight["group"];
export type InsightList = { docs: Insight[]; total: number; reportId: string | null };
export type InsightDetail = Insight & Omit<Result<typeof getInsight>, "findings" | "chart">;
export type InsightQuery = Partial<z.input<typeof insightQuerySchema>>;

export type InsightTag = Result<typeof listTags>["docs"][number] & { insightIds?: string[] };
export type InsightTagList = { docs: InsightTag[]; total: number };
export type TagDetail = Serialized<TagView>;
export type TagBody = z.input<typeof addTagSchema>;
export type TagUpdateBody = z.input<typeof updateTagSchema>;
export type DeletedTag = Result<typeof deleteTag>;

type SavedListEntry = Result<typeof listSavedInsights>["docs"][number];
/** A saved insight: the list's entry (with the insight inside), or one just saved on this page. */
export type SavedInsightEntry = Omit<SavedListEntry, "insight"> & { insight: Insight };
export type SavedInsightList = { docs: SavedInsightEntry[]; total: number };
export type SavedInsightAnswer = Result<typeof saveInsight>;
export type UnsavedInsightAnswer = Result<typeof unsaveInsight>;

// ---- Subscriptions ----
// One definition: the response schemas the OpenAPI document and the test suite check the routes against.
export type PlanView = z.output<typeof planResponse>;
export type PlanList = z.output<typeof planListResponse>;
export type AgencySubscription = z.output<typeof subscriptionResponse>;
