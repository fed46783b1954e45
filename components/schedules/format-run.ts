import { FREQUENCY_LABELS, MONTH_DAY_LABELS, MONTH_LABELS } from "@/lib/validation/schedules";
import { SCHEDULE_WEEKDAYS } from "@/lib/schedules/next-run";
import { formatInstant } from "@/lib/dates";

/** An instant as the project's clock shows it, with the zone named ("Apr 2, 2026, 09:00 (Europe/London)"). */
export function formatInZone(iso: string | null, timeZone: string): string {
  const text = formatInstant(iso, { timeZone });
  return text ? `${text} (${timeZone})` : "—";
}

/** "Weekly on Monday at 09:00", "Annually on the last day of February at 07:30". */
export function describeTiming(s: {
  frequency: keyof typeof FREQUENCY_LABELS;
  weekday: number | null;
  monthDay: keyof typeof MONTH_DAY_LABELS | null;
  month: number | null;
  timeOfDay: string;
}): string {
  const day = s.monthDay ? MONTH_DAY_LABELS[s.monthDay].toLowerCase() : "";
  switch (s.frequency) {
    case "weekly":
      return `Weekly on ${SCHEDULE_WEEKDAYS.find((w) => w.value === s.weekday)?.label ?? "?"} at ${s.timeOfDay}`;
    case "monthly":
      return `Monthly on the ${day} at ${s.timeOfDay}`;
    case "quarterly":
      return `Quarterly (January, April, July, October) on the ${day} at ${s.timeOfDay}`;
    case "annually":
      return `Annually on the ${day} of ${s.month ? MONTH_LABELS[s.month - 1] : "?"} at ${s.timeOfDay}`;
  }
}
