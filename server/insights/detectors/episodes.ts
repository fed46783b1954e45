import { normalSurvival } from "../stats/distributions";

// A few days away from the level and then back to it: a week's promotion, an ad budget spent by mid-month for five
// days, a checkout that failed for three days. Binary segmentation (change-points.ts) reads such an episode as steps
// at its edges, and then as lasting: a shop whose Paid Search doubled for seven days led its report with "Sessions
// for Channel “Paid Search” shifted from about 973 to 492 a day on Nov 9, 2026 (-49.5%) … Estimated effect over the
// period: -€10,539.98 revenue", the promotion's end told as a loss. Five days at half its level were "shifted from
// about 497 to 394 a day on Nov 5" and "from about 461 to 568 a day on Nov 12", and the weekdays the dip happened to
// cover a step of those weekdays. The episode's days are unusual days, each told by the one-day tests against its
// expected range; they are kept out of the level shift scan, which then sees the level before and after as one.
//
// Each run of 2 to MAX_DAYS known days is tested against the days around it (up to 14 days before and after):
// the run's mean against theirs, z = (run − around) / (σ √(1/L + 1/n)), Bonferroni-corrected over the runs tried.
// It is an episode when that passes the detector's bar, every day of the run is on its side of the days around it
// (of two days, each beyond half its change: a one-day spike beside an ordinary day is no episode), the same weekdays
// a week before or after did not move alike (a step of some weekdays), and the days after it (five at least) are
// back: their mean is within a quarter of the change of the days' before it, and 3 standard errors from the run's.
// A drop that lasts is a level shift, not an episode.

/** Longest episode: two weeks. Longer ones leave a week or more at each level, which the level shift scan splits. */
const MAX_DAYS = 14;
const MIN_DAYS = 2;
/** Days read around a run on each side, at most; at least this many before it and after it. */
export const EPISODE_CONTEXT_DAYS = 14;
const MIN_BEFORE = 7;
/**
 * Days after a run that say the level came back, and how clearly they must differ from the run. Three were too few: a
 * noisy segment's cost stepped 35 % up 10 days before the data's end, and its last three days (55, 143, 102 against
 * 155 a day since the step and 95 before) read as "back".
 */
const MIN_AFTER = 5;
const BACK_Z = 3;
/** Each day of the run is beyond this share of the run's change; the days after within `BACK_SHARE` of the before. */
const EVERY_DAY_SHARE = 0.5;
const BACK_SHARE = 0.25;
/**
 * The bar an episode passes (its Bonferroni-corrected p-value), stricter than a report's: a weaker one is as likely
 * noise, and leaving its days out reshapes the scan. An 11-day "episode" of a noise campaign at p = 0.04, left out,
 * gave the scan a step 7 days before the data's end, and a spike of 7 standard deviations on its second day was taken
 * for that step's. An episode strong enough to pose as two steps passes it easily (a week's promotion: p < 10⁻²⁰).
 */
const EPISODE_P = 1e-3;
/** The z a run needs to pass EPISODE_P even as the only one tried: the shape checks are skipped below it. */
const LEAST_Z = 3.29;
/** Episodes taken out of one series at most. */
const MAX_EPISODES = 3;

export interface Episode {
  /** Positions in the values given, the run being [start, end). */
  start: number;
  end: number;
  pValue: number;
}

/**
 * The episodes of `v` (deseasonalised known values, in order; σ their day-to-day noise), strongest first, none
 * overlapping; a found one's days are left out of the context of the next ones.
 */
export function findEpisodes(days: ArrayLike<number>, v: ArrayLike<number>, sigma: number, alpha: number): Episode[] {
  const n = v.length;
  if (!(sigma > 0) || n < MIN_BEFORE + MIN_DAYS + MIN_AFTER) return [];
  const taken = new Uint8Array(n);
  const found: Episode[] = [];
  const at = new Map<number, number>();
  for (let i = 0; i < n; i++) at.set(days[i], i);
  const weekAway = (i: number, by: number) => at.get(days[i] + by);
  while (found.length < MAX_EPISODES) {
    const episode = strongestEpisode(v, taken, sigma, alpha, weekAway);
    if (!episode) break;
    found.push(episode);
    taken.fill(1, episode.start, episode.end);
  }
  return found;
}

function strongestEpisode(
  v: ArrayLike<number>,
  taken: Uint8Array,
  sigma: number,
  alpha: number,
  weekAway: (i: number, by: number) => number | undefined,
): Episode | null {
  const n = v.length;
  // Prefix sums of the values and of the days not taken (taken days count as neither).
  const sum = new Float64Array(n + 1);
  const count = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const free = taken[i] ? 0 : 1;
    sum[i + 1] = sum[i] + free * v[i];
    count[i + 1] = count[i] + free;
  }
  // Sums and counts read inline (no object per range): this runs over every run of every series of a report.
  let tests = 0;
  let best: { start: number; end: number; z: number } | null = null;
  for (let start = MIN_BEFORE; start < n - MIN_AFTER; start++) {
    const beforeFrom = Math.max(0, start - EPISODE_CONTEXT_DAYS);
    const beforeS = sum[start] - sum[beforeFrom];
    const beforeC = count[start] - count[beforeFrom];
    if (beforeC < MIN_BEFORE) continue;
    for (let len = MIN_DAYS; len <= MAX_DAYS && start + len <= n - MIN_AFTER; len++) {
      const end = start + len;
      const runS = sum[end] - sum[start];
      const runC = count[end] - count[start];
      if (runC < len) break; // a run over a taken day: every longer one from here is too
      const afterTo = Math.min(n, end + EPISODE_CONTEXT_DAYS);
      const afterS = sum[afterTo] - sum[end];
      const afterC = count[afterTo] - count[end];
      if (afterC < MIN_AFTER) continue;
      tests++;
      const around = (beforeS + afterS) / (beforeC + afterC);
      const change = runS / runC - around;
      const z = change / (sigma * Math.sqrt(1 / runC + 1 / (beforeC + afterC)));
      if (Math.abs(z) < LEAST_Z || (best && Math.abs(z) <= Math.abs(best.z))) continue;
      if (Math.abs(beforeS / beforeC - afterS / afterC) > BACK_SHARE * Math.abs(change)) continue;
      const back = (runS / runC - afterS / afterC) * Math.sign(change);
      if (back < BACK_Z * sigma * Math.sqrt(1 / runC + 1 / afterC)) continue;
      if (!everyDayMoved(v, start, end, around, change) || !bounded(v, start, end, around, change)) continue;
      if (recurs(v, start, end, around, change, weekAway)) continue;
      best = { start, end, z };
    }
  }
  if (!best) return null;
  const pValue = Math.min(1, 2 * normalSurvival(Math.abs(best.z)) * tests);
  return pValue < Math.min(alpha, EPISODE_P) ? { start: best.start, end: best.end, pValue } : null;
}

/**
 * Whether the same weekdays a week later, or a week earlier, moved as the run did: a step of some weekdays
 * (weekday-shift.ts), whose every weekend after weekend ads were switched off was two days "away and back".
 */
function recurs(
  v: ArrayLike<number>,
  start: number,
  end: number,
  around: number,
  change: number,
  weekAway: (i: number, by: number) => number | undefined,
): boolean {
  const least = EVERY_DAY_SHARE * Math.abs(change);
  return [7, -7].some((by) => {
    for (let i = start; i < end; i++) {
      const j = weekAway(i, by);
      if (j === undefined || (v[j] - around) * Math.sign(change) <= least) return false;
    }
    return true;
  });
}

/**
 * Whether the days just before and after the run are not moved like it: a run cut out of a longer stretch is none. The
 * 14 days before a channel's drop, inside a month 30 % up for the season, read as days away and back (the drop took the
 * channel to its level before the month), and the drop itself went unreported.
 */
function bounded(v: ArrayLike<number>, start: number, end: number, around: number, change: number): boolean {
  const half = EVERY_DAY_SHARE * Math.abs(change);
  const moved = (i: number) => i >= 0 && i < v.length && (v[i] - around) * Math.sign(change) > half;
  return !moved(start - 1) && !moved(end);
}

function everyDayMoved(v: ArrayLike<number>, start: number, end: number, around: number, change: number): boolean {
  // Two days: each well beyond (a spike beside an ordinary day is no episode). Three or more: each on the run's side
  // of the days around it, as a noisy series' days are (revenue's days at 60 % of €3,200 a day, ±€900), and the
  // middle one of them well beyond (one spike and two ordinary days above the level are no episode either).
  const half = EVERY_DAY_SHARE * Math.abs(change);
  const moved: number[] = [];
  for (let i = start; i < end; i++) moved.push((v[i] - around) * Math.sign(change));
  if (moved.length < 3) return moved.every((m) => m > half);
  moved.sort((a, b) => a - b);
  return moved[0] > 0 && moved[Math.floor(moved.length / 2)] > half;
}
