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
