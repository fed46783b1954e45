/** Every TanStack Query key the UI uses, in one place so invalidation cannot drift. */
export const queryKeys = {
  currentUser: ["users", "me"] as const,
  user: (id: string) => ["users", "detail", id] as const,
  invitations: {
    all: ["invitations"] as const,
    list: (page: number) => ["invitations", "list", page] as const,
    token: (token: string) => ["invitations", "token", token] as const,
  },
  resetToken: (token: string) => ["reset-password", token] as const,
  agencyConfirmation: (token: string) => ["agency-confirmation", token] as const,
  tempOnboarding: ["temp-onboarding"] as const,
};
