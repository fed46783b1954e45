import { DEFAULT_PAGE, PAGE_SIZE } from "../constants/app";
import { http, request } from "./http";
import { uploadFile, type UploadOptions } from "./upload";
import type * as T from "./types";
import type { Dashboard } from "./dashboard-types";

const enc = encodeURIComponent;

/** One typed function per API call the browser makes. */
export const api = {
  users: {
    me: () => http.get<T.CurrentUser>("/users"),
    login: (body: T.LoginBody) => http.post<T.LoginResponse>("/users/login", body),
    logout: () => http.post<{ status: number; message: string }>("/users/logout"),
    /** Staff sign-up through an invitation token. */
    signup: (body: T.StaffSignupBody) => http.post<T.StaffSignupResponse>("/users/signup", body),
    forgotPassword: (body: T.ForgotPasswordBody) => http.post<T.MessageResponse>("/users/forgotpassword", body),
    resetTokenInfo: (token: string) => http.get<T.ResetTokenInfo>(`/users/resetpassword/${encodeURIComponent(token)}`),
    resetPassword: (token: string, body: T.ResetPasswordBody) =>
      http.post<T.ResetPasswordResponse>(`/users/resetpassword/${encodeURIComponent(token)}`, body),
    get: (id: string) => http.get<T.UserInfo>(`/users/${encodeURIComponent(id)}`),
    update: (id: string, body: T.UserUpdateBody) =>
      http.put<T.UpdateUserResponse>(`/users/${encodeURIComponent(id)}`, body),
  },
  agencies: {
    signup: (body: T.AgencySignupBody) => http.post<T.AgencySignupResponse>("/agencies/signup", body),
    confirm: (token: string) => http.get<T.AgencyConfirmation>("/agencies/confirmation", { token }),
    get: (id: string) => http.get<T.Agency>(`/agencies/${encodeURIComponent(id)}`),
    clients: (id: string, { page = DEFAULT_PAGE, limit = PAGE_SIZE }: { page?: number; limit?: number } = {}) =>
      http.get<T.ClientList>(`/agencies/${encodeURIComponent(id)}/clients`, { page, limit }),
    /** Staff members (role staff), paged, each with the number of clients shared with them. */
    staffs: (id: string, { page = DEFAULT_PAGE, limit = PAGE_SIZE }: { page?: number; limit?: number } = {}) =>
      http.get<T.AgencyUserList>(`/agencies/${encodeURIComponent(id)}/staffs`, { page, limit }),
    subscription: (id: string) => http.get<T.AgencySubscription>(`/agencies/${encodeURIComponent(id)}/subscription`),
    checkout: (id: string, body: { tier: string; kind: string }) =>
      http.post<{ url: string }>(`/agencies/${encodeURIComponent(id)}/checkout-session`, body),
    portal: (id: string) => http.post<{ url: string }>(`/agencies/${encodeURIComponent(id)}/portal-session`),
    admins: (id: string, { page = DEFAULT_PAGE, limit = PAGE_SIZE }: { page?: number; limit?: number } = {}) =>
      http.get<T.AgencyUserList>(`/agencies/${encodeURIComponent(id)}/admin`, { page, limit }),
  },
  subscriptions: {
    all: () => http.get<T.PlanList>("/subscriptions/all"),
  },
  clients: {
    create: (body: T.ClientBody) => http.post<T.CreatedClient>("/clients", body),
    get: (id: string) => http.get<T.ClientDetail>(`/clients/${enc(id)}`),
    update: (id: string, body: T.ClientBody) => http.put<T.Client>(`/clients/${enc(id)}`, body),
    remove: (id: string) => http.delete<T.DeletedClient>(`/clients/${enc(id)}`),
    setStatus: (id: string, status: "active" | "suspended") =>
      http.put<T.Client>(`/clients/${enc(id)}/status`, { status }),
    permissions: (id: string) => http.get<T.ClientPermissions>(`/clients/${enc(id)}/permissions`),
    projects: (id: string, { page = DEFAULT_PAGE, limit = PAGE_SIZE }: { page?: number; limit?: number } = {}) =>
      http.get<T.ProjectList>(`/clients/${enc(id)}/properties`, { page, limit }),
    addProject: (id: string, body: T.ProjectBody) =>
      http.post<T.CreatedProject>(`/clients/${enc(id)}/properties/add`, body),
    staffs: (id: string, { page = DEFAULT_PAGE, limit = PAGE_SIZE }: { page?: number; limit?: number } = {}) =>
      http.get<T.ClientStaffList>(`/clients/${enc(id)}/staffs`, { page, limit }),
    share: (id: string, body: T.ShareClientBody) =>
      http.post<T.ShareClientResponse>(`/clients/${enc(id)}/staffs/add`, body),
    staff: (id: string, staffId: string) => http.get<T.ClientStaffEntry>(`/clients/${enc(id)}/staffs/${enc(staffId)}`),
    setStaffPermission: (id: string, staffId: string, permission: 1 | 2 | 4) =>
      http.put<T.ClientStaffEntry>(`/clients/${enc(id)}/staffs/${enc(staffId)}`, { permission }),
    removeStaff: (id: string, staffId: string) =>
      http.delete<T.RemovedClientStaff>(`/clients/${enc(id)}/staffs/${enc(staffId)}`),
  },
  projects: {
    get: (id: string) => http.get<T.ProjectDetail>(`/properties/${enc(id)}`),
    update: (id: string, body: T.ProjectUpdateBody) => http.put<T.UpdatedProject>(`/properties/${enc(id)}`, body),
  },
  staff: {
    remove: (userId: string) => http.delete<T.RemovedStaff>(`/users/${enc(userId)}`),
    setRole: (userId: string, role: "agency" | "staff") =>
      http.put<T.ChangedRole>(`/users/${enc(userId)}/role`, { role }),
    clients: (userId: string) => http.get<T.UserClients>(`/users/${enc(userId)}/clients`),
    updatePermissions: (userId: string, body: T.UserPermissionsBody) =>
      http.post<T.UpdatedUserPermissions>(`/users/${enc(userId)}/permissions/update`, body),
  },
  search: {
    all: (q: string, { page = DEFAULT_PAGE, limit = 10 }: { page?: number; limit?: number } = {}) =>
      http.get<T.SearchResults>("/searches", { q, page, limit }),
  },
  invitations: {
    list: ({ page = DEFAULT_PAGE, limit = PAGE_SIZE }: { page?: number; limit?: number } = {}) =>
      http.get<T.InvitationList>("/invitations", { page, limit }),
    create: (body: { emails: string[] }) => http.post<T.CreateInvitationsResponse>("/invitations", body),
    tokenInfo: (token: string) => http.get<T.InvitationTokenInfo>("/invitations", { token }),
  },
  /** What needs the caller's attention across the clients they may see. */
  dashboard: () => http.get<Dashboard>("/dashboard"),
  onboarding: {
    submit: (body: T.OnboardingBody) => http.post<T.OnboardingResult>("/onboarding", body),
    /** Step 1's Continue: adds the typed clients and projects, onboarding stays open. */
    create: (body: Extract<T.OnboardingBody, { action: "create" }>) => http.post<T.TempOnboarding>("/onboarding", body),
    getTemp: () => http.get<T.TempOnboarding>("/temp-onboarding"),
    setTemp: (body: T.TempOnboardingBody) => http.post<T.TempOnboarding>("/temp-onboarding", body),
  },
  dataSources: {
    list: (projectId: string, { page = DEFAULT_PAGE, limit = PAGE_SIZE }: { page?: number; limit?: number } = {}) =>
      http.get<T.DataSourceList>(`/properties/${enc(projectId)}/data-sources`, { page, limit }),
    create: (projectId: string, body: { name?: string }) =>
      http.post<T.DataSource>(`/properties/${enc(projectId)}/data-sources`, body),
    get: (id: string) => http.get<T.DataSource>(`/data-sources/${enc(id)}`),
    update: (id: string, body: T.DataSourceUpdateBody) => http.put<T.DataSource>(`/data-sources/${enc(id)}`, body),
    remove: (id: string) => http.delete<T.DeletedDataSource>(`/data-sources/${enc(id)}`),
    /** Multipart upload (field `file`) with progress events: see upload.ts. */
    upload: (id: string, file: File, options?: Omit<UploadOptions, "field">) =>
      uploadFile<T.UploadSummary>(`/data-sources/${enc(id)}/upload`, file, { ...options, field: "file" }),
    /** Starts connecting a CRM (hubspot) or ecommerce platform (shopify): the consent page to go to. */
    connectPremium: (projectId: string, integration: string, body: { name?: string; shop?: string }) =>
      http.post<{ url: string }>(`/properties/${enc(projectId)}/data-sources/connect/${enc(integration)}`, body),
    /** The ad accounts of the caller's Meta login (made by the connect flow). */
    metaAccounts: (sessionId: string) =>
      http.get<{ docs: { id: string; name: string; currency: string; timeZone: string }[]; message?: string }>(
        "/meta/ad-accounts",
        { sessionId },
      ),
    /** The Meta Ads source of one ad account of that login; its first import is queued. */
    createMeta: (projectId: string, body: { sessionId: string; adAccountId: string; name?: string }) =>
      http.post<T.DataSource>(`/properties/${enc(projectId)}/data-sources/meta`, body),
    /** A keyword-data partner or competitor source; its first sync is queued. */
    createPartner: (projectId: string, body: T.PartnerSourceBody) =>
      http.post<T.DataSource>(`/properties/${enc(projectId)}/data-sources/partner`, body),
    /** A new upload source with its first file, created only if the file imports. */
    createWithUpload: (projectId: string, file: File, options?: Omit<UploadOptions, "field">) =>
      uploadFile<T.CreatedUploadSource>(`/properties/${enc(projectId)}/data-sources/upload`, file, {
        ...options,
        field: "file",
      }),
  },
  reports: {
    /** 202 with the queued report; a job generates it (`get` with `wait` follows its progress). */
    create: (projectId: string, body: T.ReportBody) =>
      http.post<T.Report>(`/properties/${enc(projectId)}/reports/add`, body),
    list: (projectId: string, { page = DEFAULT_PAGE, limit = PAGE_SIZE }: { page?: number; limit?: number } = {}) =>
      http.get<T.ReportList>(`/properties/${enc(projectId)}/reports`, { page, limit }),
    /**
     * The report; with `wait`, a queued or running report is answered at its next change from the
     * status and progress given (or after `wait.seconds`, at most 25).
     */
    get: (id: string, wait?: { seconds: number; status: string; progress: number }, signal?: AbortSignal) =>
      http.get<T.Report>(
        `/reports/${enc(id)}`,
        wait ? { wait: wait.seconds, status: wait.status, progress: wait.progress } : undefined,
        signal,
      ),
    remove: (id: string) => http.delete<T.DeletedReport>(`/reports/${enc(id)}`),
    kpis: (id: string) => http.get<T.ReportKpis>(`/reports/${enc(id)}/kpis`),
  },
  insights: {
    list: (projectId: string, query: T.InsightQuery = {}) =>
      http.get<T.InsightList>(`/insights/properties/${enc(projectId)}`, { limit: 100, ...query }),
    get: (id: string) => http.get<T.InsightDetail>(`/insights/${enc(id)}`),
  },
  tags: {
    list: (projectId: string) =>
      http.get<T.InsightTagList>(`/insights/properties/${enc(projectId)}/tags/`, { limit: 100 }),
    /** Adds insights to the tag of that name, creating it when the project has none by that name. */
    add: (projectId: string, body: T.TagBody) =>
      http.post<T.TagDetail>(`/insights/properties/${enc(projectId)}/tags/add`, body),
    get: (id: string) => http.get<T.TagDetail>(`/tags/${enc(id)}`),
    update: (id: string, body: T.TagUpdateBody) => http.put<T.TagDetail>(`/tags/${enc(id)}`, body),
    remove: (id: string) => http.delete<T.DeletedTag>(`/tags/${enc(id)}`),
  },
  saved: {
    list: (projectId: string) =>
      http.get<T.SavedInsightList>(`/saved-insights/properties/${enc(projectId)}`, { limit: 100 }),
    save: (projectId: string, insightId: string) =>
      http.post<T.SavedInsightAnswer>(`/saved-insights/properties/${enc(projectId)}`, { insightId }),
    unsave: (projectId: string, insightId: string) =>
      request<T.UnsavedInsightAnswer>("DELETE", `/saved-insights/properties/${enc(projectId)}`, {
        body: { insightId },
      }),
  },
};
