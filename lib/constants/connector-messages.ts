// Messages of the connectors' settings: what a source imports, and what happens when it changes.

export const CONNECTOR_MESSAGES = {
  ga4ChoicesOnly: "Only a Google Analytics 4 source has key events and an audience to choose",
  reimporting:
    "Saved. The history is being imported again with the new choice; until it finishes, older days keep the previous numbers",
} as const;
