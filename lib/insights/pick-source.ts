// Which of a project's sources a metric is read from. Several sources may carry the same metric
// (an analytics export and an ads export both have conversions and clicks); summing them counts
// the paid conversions twice, so each metric is read from ONE source: the one with the most days
// of it. Between sources with as many days, the one that counts visits wins (the analytics sees
// the whole site; an ads export's conversions are only the paid ones), then the lower id, so the
// choice never depends on the order rows arrive in. The report engine, the report's headline
// numbers and the dashboard all choose with this.

export interface SourceDays {
  sourceId: string;
  /** Days the source has the metric (every part of it) on. */
  days: number;
  /** Whether the source counts visits (sessions). */
  seesSite: boolean;
}

export function pickSource(candidates: Iterable<SourceDays>): string | null {
  let best: SourceDays | null = null;
  for (const c of candidates) {
    if (c.days <= 0) continue;
    const better =
      !best ||
      c.days > best.days ||
      (c.days === best.days && (c.seesSite !== best.seesSite ? c.seesSite : c.sourceId < best.sourceId));
    if (better) best = c;
  }
  return best?.sourceId ?? null;
}
