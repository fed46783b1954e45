import { formatInstant, formatIsoDate } from "./dates";
import { SITE_TYPES } from "./constants/site-types";

/**
 * A date from the API (ISO text) for people ("Apr 2, 2026"); "" when there is none. A calendar day ("2026-04-02") is
 * read as that day, never moved to the day before by a viewer's zone west of UTC; a moment is shown on the viewer's
 * clock.
 */
export const formatDate = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? formatIsoDate(value, { dateStyle: "medium" })
    : formatInstant(value, { dateOnly: true });

export const siteTypeLabel = (value: string) => SITE_TYPES.find((t) => t.value === value)?.label ?? value;

/** Case- and accent-insensitive "contains", for filtering lists already on the page. */
export function matchesText(haystack: (string | null | undefined)[], needle: string): boolean {
  const fold = (s: string) =>
    s
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const q = fold(needle.trim());
  if (!q) return true;
  return haystack.some((h) => h && fold(h).includes(q));
}
