// Messages of the connectors' settings: what a source imports, and what happens when it changes.

export const CONNECTOR_MESSAGES = {
  /** A connector whose credentials this server lacks: said in the wizard and marked in its list. */
  notSetUp: (service: string) =>
    `${service} is not set up on this server — ask whoever runs Funnelwise to add it; until then, upload exports`,
  notSetUpBadge: "Not set up on this server",
  /** Universal Analytics: Google's UA APIs answer nothing since its shutdown; its exports hold the history. */
  uaRetired:
    "Google stopped Universal Analytics in July 2024 and its APIs no longer return data, so it cannot be connected. " +
    "Import your Universal Analytics exports instead (daily or monthly reports, with Day Index or Month Index): " +
    "the project then holds years of Universal Analytics history before its Google Analytics 4 data.",
  uaImport: "Import Universal Analytics exports",
  ga4ChoicesOnly: "Only a Google Analytics 4 source has key events and an audience to choose",
  reimporting:
    "Saved. The history is being imported again with the new choice; until it finishes, older days keep the previous numbers",
} as const;
