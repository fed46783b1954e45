// The segments that moved with a finding's, by less (`movedWith`), and how many of them its sentence counts instead of
// naming ("… Channel “Email” (+36 a day) and 3 other segments moved with it"). Set once, where a model folds them in
// (v2's fold-moved-with.ts, v3's report/dedupe.ts), so the count the sentence tells is a field of the finding; the
// evidence table lists them all.

export interface MovedWithSegment {
  dimension: string;
  dimensionValue: string;
  change: number;
  /** Another metric than the finding's, told with its own unit. */
  metric?: string;
}

/** Segments a sentence names one by one at most (one more is named rather than counted as "1 other segment"). */
const NAMED = 3;

/** How many of `count` segments that moved with a finding its sentence counts as "N other segments" (0: all named). */
export const movedWithOthersOf = (count: number) => (count > NAMED + 1 ? count - NAMED : 0);

/** A finding's `movedWith` list and its `movedWithOthers` count, to spread onto the finding. */
export function movedWithFields<S extends MovedWithSegment>(
  segments: readonly S[],
): { movedWith: S[]; movedWithOthers?: number } {
  const others = movedWithOthersOf(segments.length);
  return { movedWith: [...segments], ...(others > 0 ? { movedWithOthers: others } : {}) };
}
