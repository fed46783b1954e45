/**
 * What the season predicted for a finding (server/insights/engine/seasonal-label.ts and
 * analyses/seasonal-expectation.ts label it): last year's move over the same days, whether this one matches it, and
 * for a period's change the total the season predicts.
 */
export interface FindingSeason {
  expected?: boolean;
  lastYearChangePct?: number;
  expectedCurrent?: number;
  /** current − expectedCurrent, stored with it (stats/season-prediction.ts): the gap a sentence tells. */
  beyond?: number;
  sameCourse?: boolean;
  /** A period's change: the p-value of its part beyond the season's prediction (stats/season-prediction.ts). */
  pValue?: number;
}

export function seasonOf(finding: object): FindingSeason | null {
  const season = (finding as { season?: FindingSeason }).season;
  return season && typeof season === "object" ? season : null;
}

/**
 * A finding the season predicts: kept and shown as expected, never the news — not an insight's lead, headline or
 * impact while news stands beside it. Read by the engine, the exports and the screens alike, so it lives where all of
 * them may import it.
 */
export function isSeasonallyExpected(finding: object): boolean {
  return seasonOf(finding)?.expected === true;
}

/**
 * How far a change went past what the season predicts (current − the season's prediction), when the season was
 * checked and did not predict it; null otherwise. Sessions up 4.5 % where the same weeks last year rose 8 % are
 * below the season: that gap, not the rise, is the news.
 */
export function beyondSeason(finding: { current?: number | null; season?: FindingSeason | null }): number | null {
  const season = seasonOf(finding);
  if (!season || season.expected || typeof season.expectedCurrent !== "number") return null;
  if (typeof season.beyond === "number") return season.beyond;
  return typeof finding.current === "number" ? finding.current - season.expectedCurrent : null;
}

/**
 * Whether a change reads as news for colouring: not when the season predicts it, nor when it went the other way from
 * the season's prediction (a rise smaller than the season's is no good news, and its figure is no fall either).
 */
export function changeIsNews(finding: {
  current?: number | null;
  change?: number | null;
  season?: FindingSeason | null;
}): boolean {
  if (isSeasonallyExpected(finding)) return false;
  const beyond = beyondSeason(finding);
  return beyond === null || Math.sign(beyond) === Math.sign(finding.change ?? 0);
}
