import type { CustomizationLevel } from "../constants/customization";

/** Every TanStack Query key the UI uses, in one place so invalidation cannot drift. */
export const queryKeys = {
  currentUser: ["users", "me"] as const,
  delivery: (id: string) => ["deliveries", id] as const,
  userSchedules: (userId: string) => ["schedules", "user", userId] as const,
  schedule: (id: string) => ["schedules", "detail", id] as const,
  scheduleOutlook: (projectId: string, timing: Record<string, string>) =>
    ["schedules", "outlook", projectId, timing] as const,
  /** Every schedule query: invalidate after one is created, changed or deleted. */
  schedulesAll: ["schedules"] as const,
  clientSettings: (clientId: string) => ["clients", clientId, "settings"] as const,
  user: (id: string) => ["users", "detail", id] as const,
  invitations: {
    all: ["invitations"] as const,
    list: (page: number) => ["invitations", "list", page] as const,
    token: (token: string) => ["invitations", "token", token] as const,
  },
  agencyClients: (agencyId: string, page: number) => ["agencies", agencyId, "clients", page] as const,
  /** Every client list of an agency (dashboard pages, pickers): invalidate after a client or project changes. */
  agencyClientsAll: (agencyId: string) => ["agencies", agencyId, "clients"] as const,
  /** The first 100 clients, for pickers (same key as the customization pages' picker). */
  agencyClientsPicker: (agencyId: string) => ["agencies", agencyId, "clients", "picker"] as const,
  /** The agency with its project usage (shared with the agency detail page). */
  agency: (agencyId: string) => ["agencies", agencyId, "detail"] as const,
  /** The agency's own partner API keys (agency settings). */
  partnerKeys: (agencyId: string) => ["agencies", agencyId, "partner-keys"] as const,
  subscription: (agencyId: string) => ["agencies", agencyId, "subscription"] as const,
  plans: () => ["subscriptions", "all"] as const,
  supportRequests: () => ["support-requests"] as const,
  agencyStaffs: (agencyId: string, page: number) => ["agencies", agencyId, "staffs", page] as const,
  agencyStaffsAll: (agencyId: string) => ["agencies", agencyId, "staffs"] as const,
  agencyAdmins: (agencyId: string, page: number) => ["agencies", agencyId, "admins", page] as const,
  agencyAdminsAll: (agencyId: string) => ["agencies", agencyId, "admins"] as const,
  /** A client with its projects (shared with the customization pages). */
  client: (clientId: string) => ["clients", clientId, "detail"] as const,
  clientAll: (clientId: string) => ["clients", clientId] as const,
  clientStaffs: (clientId: string, page: number) => ["clients", clientId, "staffs", page] as const,
  clientStaffsAll: (clientId: string) => ["clients", clientId, "staffs"] as const,
  /** A project with its client (shared with the customization pages). */
  project: (projectId: string) => ["projects", projectId, "detail"] as const,
  userClients: (userId: string) => ["users", userId, "clients"] as const,
  /** Every user query (current user, user details, their clients): invalidate after sharing changes. */
  usersAll: ["users"] as const,
  /** Every client query (details, staffs): invalidate after a user's permissions change. */
  clientsAll: ["clients"] as const,
  search: (q: string) => ["searches", q] as const,
  searchAll: ["searches"] as const,
  resetToken: (token: string) => ["reset-password", token] as const,
  agencyConfirmation: (token: string) => ["agency-confirmation", token] as const,
  tempOnboarding: ["temp-onboarding"] as const,
  projectSettings: (projectId: string) => ["projects", projectId, "settings"] as const,
  /** The attention overview: KPIs, latest reports and source health of every visible project. */
  dashboard: ["dashboard"] as const,
  /** Everything about one project's insight reports: reports, insights, tags, saved insights. */
  projectInsightsAll: (projectId: string) => ["projects", projectId, "insights"] as const,
  reports: (projectId: string) => ["projects", projectId, "insights", "reports"] as const,
  report: (reportId: string) => ["reports", reportId] as const,
  reportKpis: (reportId: string) => ["reports", reportId, "kpis"] as const,
  /** The insight groups the caller dismissed from their view of a report. */
  reportDismissals: (reportId: string) => ["reports", reportId, "dismissed-groups"] as const,
  insights: (projectId: string, reportId: string | null, tag?: string) =>
    ["projects", projectId, "insights", "list", reportId ?? "", tag ?? ""] as const,
  /** Every insight list of a project, whatever the report and tag filter. */
  insightsAll: (projectId: string) => ["projects", projectId, "insights", "list"] as const,
  insight: (insightId: string) => ["insights", insightId] as const,
  tags: (projectId: string) => ["projects", projectId, "insights", "tags"] as const,
  tag: (tagId: string) => ["tags", tagId] as const,
  saved: (projectId: string) => ["projects", projectId, "insights", "saved"] as const,
  dataSources: (projectId: string) => ["projects", projectId, "data-sources"] as const,
  dataSource: (id: string) => ["data-sources", id] as const,
  /** The look (logo, colours, fonts) of an agency, client or project. */
  look: (level: CustomizationLevel, id: string) => ["customization", level, id] as const,
  lookAll: ["customization"] as const,
  /** The caller's Dropbox connection, and its folders by path. */
  dropbox: ["dropbox"] as const,
  dropboxFolders: (path: string) => ["dropbox", "folders", path] as const,
  /** A report's share links. */
  shareLinks: (reportId: string) => ["reports", reportId, "share-links"] as const,
  thirdPartySessions: (userId: string) => ["users", userId, "third-party-sessions"] as const,
};

declare module "@tanstack/react-query" {
  interface Register {
    /** `globalErrors: false` opts a query out of the spec's global handling by status (it shows its own). */
    queryMeta: { globalErrors?: boolean };
  }
}
