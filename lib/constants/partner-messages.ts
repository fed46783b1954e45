// Messages of the keyword-data partner and competitor sources.
export const PARTNER_MESSAGES = {
  domainInvalid: "Domain must be a valid URL",
  domainDuplicate: "Duplicates are not allowed",
  competitorsRequired: "Add at least one competitor domain",
  keyRefused: (provider: string) =>
    `${provider} refused the API key. An agency admin can check the agency's ${provider} key in Agency settings, then choose Import now on this source's page`,
  notFound: (provider: string) => `${provider} does not know what this source points to. Check its settings`,
  quota: (provider: string) => `${provider}'s quota is used up for now. The sync will try again later`,
  unavailable: (provider: string) => `${provider} is not answering right now. The sync will try again later`,
  malformed: (provider: string) => `${provider} sent an answer that could not be read. The sync will try again later`,
  refused: (provider: string) => `${provider} refused the request`,
  notConfigured: (provider: string) =>
    `${provider} has no API key yet. An agency admin can add the agency's ${provider} key in Agency settings; then choose Import now`,
  keyAccepted: (provider: string, remaining: string) => `${provider} accepted the key; ${remaining} left`,
  keyCheckRefused: (provider: string, detail: string) =>
    `${provider} refused this key (${detail}). Check it and try again`,
  keyRequired: "Enter the API key",
  keyRemoved: (provider: string) => `The agency's ${provider} key is removed`,
} as const;
