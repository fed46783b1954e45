/**
 * A finding the season predicts (server/insights/engine/seasonal-label.ts labels it): kept and shown as expected,
 * never the news — not an insight's lead, headline or impact while news stands beside it. Read by the engine, the
 * exports and the screens alike, so it lives where all of them may import it.
 */
export function isSeasonallyExpected(finding: object): boolean {
  return (finding as { season?: { expected?: boolean } }).season?.expected === true;
}
