/** "A", "A and B", "A, B and C". */
export const listed = (items: string[]) =>
  items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

const WEEKDAY_PLURALS = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];

/**
 * "Saturdays and Sundays": the weekdays a level shift was confined to (0 = Sunday … 6 = Saturday,
 * server/insights/detectors/weekday-shift.ts), Monday first; null when it moved every day.
 */
export function weekdaysOf(f: object): string | null {
  const weekdays = (f as { weekdays?: unknown }).weekdays;
  if (!Array.isArray(weekdays) || weekdays.length === 0) return null;
  const days = [...(weekdays as number[])].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  if (days.join() === "1,2,3,4,5") return "weekdays (Monday to Friday)";
  return listed(days.map((d) => WEEKDAY_PLURALS[d]));
}

/**
 * "on Saturdays and Sundays": the days a finding's levels are of, for the evidence beside its period (a step of some
 * weekdays shows those days' own levels, not the week's); null for a finding of every day.
 */
export function onWeekdays(f: object): string | null {
  const days = weekdaysOf(f);
  return days ? `on ${days}` : null;
}
