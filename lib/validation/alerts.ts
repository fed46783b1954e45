import { z } from "zod";

/** What a person hears about one project (README "Alerts"). */
export const ALERT_LEVELS = ["off", "significant", "all"] as const;
export type AlertLevelChoice = (typeof ALERT_LEVELS)[number];

export const ALERT_LEVEL_LABELS: Record<AlertLevelChoice, string> = {
  off: "Off",
  significant: "Significant changes",
  all: "Every finding",
};

// PUT /properties/{id}/alerts: the caller's own choice for the project.
export const alertPreferenceSchema = z.object({
  level: z.enum(ALERT_LEVELS, { error: "Choose off, significant changes or every finding" }),
});

// PUT /alerts/{id}: read or unread.
export const alertReadSchema = z.object({ read: z.boolean({ error: "read must be true or false" }) });
