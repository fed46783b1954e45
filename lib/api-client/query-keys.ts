/** Every TanStack Query key the UI uses, in one place so invalidation cannot drift. */
export const queryKeys = {
  currentUser: ["users", "me"] as const,
  user: (id: string) => ["users", "detail", id] as const,
  invitations: {
    all: ["invitations"] as const,
    list: (page: number) => ["invitations", "list", page] as const,
    token: (token: string) => ["invitations", "token", token] as const,
  },
  agencyClients: (agencyId: string, page: number) => ["agencies", agencyId, "clients", page] as const,
  resetToken: (token: string) => ["reset-password", token] as const,
  agencyConfirmation: (token: string) => ["agency-confirmation", token] as const,
  tempOnboarding: ["temp-onboarding"] as const,
};

declare module "@tanstack/react-query" {
  interface Register {
    /** `globalErrors: false` opts a query out of the spec's global handling by status (it shows its own). */
    queryMeta: { globalErrors?: boolean };
  }
}
