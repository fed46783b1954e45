import { dayNumber } from "@/lib/dates";
import type { DailyPoint } from "../types";
import { scanView, weeklyShape } from "./change-points";
import { EPISODE_CONTEXT_DAYS, findEpisodes } from "./episodes";

/** One episode of a series: its days and, on each, how far the series was from its level around them (its units). */
export interface SeriesEpisode {
  dates: string[];
  excess: number[];
}

/**
 * A series' episodes (detectors/episodes.ts: a few days away from its level and back), found as the level shift scan
 * finds them (its values divided by the weekday factors, σ its day-to-day noise), each day with its excess over the
 * level of the days around the run (up to 14 each side) times that weekday's factor. Only for a count or an amount
 * (every known value above zero), whose factors are ratios.
 */
export function seriesEpisodes(series: readonly DailyPoint[], alpha = 0.05): SeriesEpisode[] {
  const shape = weeklyShape(series);
  if (!shape.positive || !shape.factors || series.length === 0) return [];
  const known: { i: number }[] = [];
  for (let i = 0; i < series.length; i++) if (!Number.isNaN(shape.values[i])) known.push({ i });
  // As the level shift scan reads a series (change-points.ts): its episodes are found on the same values and σ.
  const { t, unclipped: v, sigma } = scanView(shape.values, known);
  const day0 = dayNumber(series[0].date);
  const factors = shape.factors;
  return findEpisodes(t, v, sigma, alpha).map((e) => {
    let sum = 0;
    let n = 0;
    for (
      let j = Math.max(0, e.start - EPISODE_CONTEXT_DAYS);
      j < Math.min(v.length, e.end + EPISODE_CONTEXT_DAYS);
      j++
    ) {
      if (j >= e.start && j < e.end) continue;
      sum += v[j];
      n++;
    }
    const around = sum / n;
    const days = t.slice(e.start, e.end);
    return {
      dates: days.map((i) => series[i].date),
      excess: days.map((i) => (series[i].value ?? 0) - around * factors[(day0 + i + 4) % 7]),
    };
  });
}
