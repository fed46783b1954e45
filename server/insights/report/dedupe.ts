import { dayNumber } from "@/lib/dates";
import type { Finding } from "@/lib/insights/finding";
import { movedWithFields } from "@/lib/insights/moved-with";
import type { JudgedResult } from "./judge";

// One event, told once. Pure stages over the judged findings, each returning new lists:
//  - a slope change and a level change of one series within a week are one change: the better-supported one stays;
//  - segments of several dimensions that moved the same way the same day (a channel's step shows in the devices it
//    ran on) are one event, told by the segment where it was most concentrated, naming the others;
//  - a total's level change or unusual day names the segment that carries most of it.

/** Days apart two dated findings may be and still be the same event. */
const SAME_EVENT_DAYS = 1;
/** Days apart a slope change and a level change of one series may be and still be the same change. */
const SAME_CHANGE_DAYS = 7;

type Dated = Finding & { date?: string };
const dateOf = (f: Finding) => (f as Dated).date ?? f.periodStart;
const apart = (a: Finding, b: Finding) => Math.abs(dayNumber(dateOf(a)) - dayNumber(dateOf(b)));
const isTrendChange = (f: Finding) => f.kind === "trend" && (f as { shape?: string }).shape === "trend_change";

/** A slope change beside a level change of the same series (or the other way round): the smaller p-value stays. */
export function oneChangePerSeries(results: readonly JudgedResult[]): JudgedResult[] {
  return results.map((r) => {
    const dropped = new Set<Finding>();
    for (const t of r.findings.filter(isTrendChange)) {
      const step = r.findings.find(
        (s) => s.kind === "level_shift" && r.seriesOf.get(s) === r.seriesOf.get(t) && apart(s, t) <= SAME_CHANGE_DAYS,
      );
      if (!step) continue;
      dropped.add((t.pValue ?? 1) < (step.pValue ?? 1) ? step : t);
    }
    return dropped.size ? { ...r, findings: r.findings.filter((f) => !dropped.has(f)) } : r;
  });
}

const isSegmentEvent = (f: Finding) => f.dimension !== null && (f.kind === "level_shift" || f.kind === "anomaly");
const sameEvent = (a: Finding, b: Finding) =>
  a.kind === b.kind && a.metric === b.metric && a.direction === b.direction && apart(a, b) <= SAME_EVENT_DAYS;
const concentration = (f: Finding) => Math.abs(f.changePct ?? f.change ?? 0);

/** Segments that moved together the same day across dimensions: the most concentrated tells it, naming the others. */
export function oneEventAcrossSegments(results: readonly JudgedResult[]): JudgedResult[] {
  return results.map((r) => {
    const events = r.findings.filter(isSegmentEvent);
    const folded = new Map<Finding, Finding>();
    const dropped = new Set<Finding>();
    const byConcentration = [...events].sort((a, b) => concentration(b) - concentration(a));
    for (const lead of byConcentration) {
      if (dropped.has(lead)) continue;
      const with_ = byConcentration.filter(
        (f) => f !== lead && !dropped.has(f) && f.dimension !== lead.dimension && sameEvent(lead, f),
      );
      if (with_.length === 0) continue;
      with_.forEach((f) => dropped.add(f));
      const movedWith = with_.map((f) => ({
        dimension: f.dimension!,
        dimensionValue: f.dimensionValue!,
        change: f.change ?? 0,
      }));
      folded.set(lead, { ...lead, ...movedWithFields([...(lead.movedWith ?? []), ...movedWith]) });
    }
    if (dropped.size === 0) return r;
    const findings = r.findings.filter((f) => !dropped.has(f)).map((f) => folded.get(f) ?? f);
    return { ...r, findings, seriesOf: remap(r.seriesOf, folded) };
  });
}

function remap(seriesOf: ReadonlyMap<Finding, string>, folded: ReadonlyMap<Finding, Finding>): Map<Finding, string> {
  const out = new Map(seriesOf);
  for (const [from, to] of folded) if (seriesOf.has(from)) out.set(to, seriesOf.get(from)!);
  return out;
}

/**
 * A total's level change or unusual day beside its segments' (of the same metric, source and direction, the same
 * day): the total names the one that carries the largest share of its change.
 */
export function totalsExplained(results: readonly JudgedResult[]): JudgedResult[] {
  const segments = results.flatMap((r) =>
    r.findings.filter(isSegmentEvent).map((f) => ({ f, key: r.seriesOf.get(f) })),
  );
  const sourceOf = (key: string | undefined) => key?.split("|")[0];
  return results.map((r) => {
    const explained = new Map<Finding, Finding>();
    for (const total of r.findings) {
      if (total.dimension !== null || (total.kind !== "level_shift" && total.kind !== "anomaly") || !total.change)
        continue;
      const source = sourceOf(r.seriesOf.get(total));
      const parts = segments.filter(
        ({ f, key }) => sourceOf(key) === source && f.kind === total.kind && sameEvent(total, f),
      );
      const best = parts.sort((a, b) => Math.abs(b.f.change ?? 0) - Math.abs(a.f.change ?? 0))[0];
      if (!best) continue;
      const share = (best.f.change ?? 0) / total.change;
      explained.set(total, {
        ...total,
        explainedBy: { dimension: best.f.dimension!, dimensionValue: best.f.dimensionValue!, share },
      });
    }
    if (explained.size === 0) return r;
    return { ...r, findings: r.findings.map((f) => explained.get(f) ?? f), seriesOf: remap(r.seriesOf, explained) };
  });
}
