import { SITE_TYPES } from "./constants/site-types";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

/** A date from the API (ISO text) for people; "" when there is none. */
export const formatDate = (value: string | null | undefined) => (value ? dateFormat.format(new Date(value)) : "");

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
