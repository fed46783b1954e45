import { dayNumber, dayOfWeek } from "@/lib/dates";
import { takeLeadEffect, type SegmentAnomaly, type SegmentShift } from "./analyses/segment-watch";
import type { Finding } from "../types";
import { dayChange, type Explanation } from "./explain-by-segment";
import { takesSomeWeekdays } from "../detectors/weekday-shift";
import type { IntentionOutcome } from "./types";
import { movedWithFields, type MovedWithSegment } from "@/lib/insights/moved-with";

// One event, seen through every dimension. Mobile's engagement falls a quarter from 17 October: the site's total
// falls 11 %, 81 % of it from mobile (explain-by-segment.ts), and the United States, the United Kingdom and Germany,
// each with its share of mobile visits, fall 10-13 % within two days. Each country's shift is real, but an analyst
// reads it as mobile's change seen by country, not as four findings. The rollups hold one dimension at a time, so
// which rows the countries lost cannot be read; what can: the total moved mostly with one segment, and segments of
// other dimensions moved the same way, about the same day, each by less than it. Those are folded into that segment's
// finding as `movedWith`, each with its own change. A finding that leads another explained event is never folded.

type SegmentFinding = SegmentAnomaly | SegmentShift;

/** How many days apart one level shift may be dated in the total and in segments (a day's event: the same day). */
const SHIFT_DAYS = 3;
/**
 * How many days from a stretch's end a segment's step back may be dated: a few events a day date it less well than the
 * stretch's own segment (desktop's orders came back 4 days after a paused campaign).
 */
const RETURN_DAYS = 5;

interface ExplainedEvent {
  kind: "anomaly" | "level_shift";
  dimension: string;
  dimensionValue: string;
  /** The total's day; null for a period's change, which the segment's lasting change dates. */
  day: number | null;
}

/** Folds, in the localised outcomes, the segments that most likely moved with the segment a total's event came from. */
export function foldMovedWith(outcomes: IntentionOutcome[]): void {
  const events = explainedEvents(outcomes);
  if (events.length === 0) return;
  const local = outcomes.filter((o) => o.localised);
  const leadsOfEvents = new Set(
    local.flatMap((o) => (o.findings as SegmentFinding[]).filter((f) => events.some((e) => leads(f, e)))),
  );
  for (const o of local) {
    const findings = o.findings as SegmentFinding[];
    const folded = new Set<SegmentFinding>();
    for (const lead of findings) {
      if (!leadsOfEvents.has(lead) || folded.has(lead)) continue;
      const parts = findings.flatMap((b) => {
        if (leadsOfEvents.has(b) || folded.has(b) || b === lead) return [];
        if (movedWithLead(b, lead)) return [{ b, back: false }];
        return cameBackWith(b, lead) ? [{ b, back: true }] : [];
      });
      if (parts.length === 0) continue;
      setMovedWith(lead, [
        ...(lead.movedWith ?? []),
        ...parts.map(({ b, back }) => ({
          dimension: b.dimension ?? "",
          dimensionValue: b.dimensionValue ?? "",
          // Another metric than the lead's (one a started segment's finding names with its own): said with its unit.
          ...(b.metric !== lead.metric ? { metric: b.metric } : {}),
          // On a shift of some weekdays, each of those days' change, as its sentence gives the lead's; a step that
          // came back with a stretch, the move its own step back undid.
          change: lead.kind === "level_shift" && lead.weekdays ? dayChange(b) : back ? -b.change! : b.change!,
        })),
      ]);
      for (const { b } of parts) folded.add(b);
    }
    if (folded.size === 0) continue;
    o.findings = findings.filter((f) => !folded.has(f));
    // A step that came back with a stretch can outweigh its lead (its effect counted from its day to the period's end).
    if (folded.has(findings[0])) takeLeadEffect(o);
  }
  foldWeekdayDays(local, leadsOfEvents);
}

/** The weekdays a step took ("" for every day, and for a day's finding). */
/** The lead's segments that moved with it, and how many of them its sentence counts instead of naming. */
function setMovedWith(lead: SegmentFinding, segments: MovedWithSegment[]): void {
  Object.assign(lead, movedWithFields(segments));
}

const weekdaysOf = (f: SegmentFinding) => (f.kind === "level_shift" ? (f.weekdays ?? []).join() : "");

/**
 * The unusual days of other dimensions' segments that fall on a lead's weekdays from its date, when the lead is a
 * shift only some weekdays took (weekday-shift.ts): Paid Search's weekend ads switched off, desktop's weekends each
 * read "below the expected range". Each such segment is folded into the lead's `movedWith` once, at its days' mean
 * change.
 */
function foldWeekdayDays(local: IntentionOutcome[], leadsOfEvents: Set<SegmentFinding>): void {
  for (const lead of leadsOfEvents) {
    if (lead.kind !== "level_shift" || !takesSomeWeekdays(lead)) continue;
    const perDay = dayChange(lead);
    const seenIn = [lead.dimension, ...(lead.sameRowsAs ?? []).map((w) => w.dimension)];
    const isPart = (b: SegmentFinding) =>
      b.kind === "anomaly" &&
      b.metric === lead.metric &&
      b.direction === lead.direction &&
      b.sourceId === lead.sourceId &&
      !seenIn.includes(b.dimension ?? "") &&
      b.periodStart >= lead.periodStart &&
      lead.weekdays.includes(dayOfWeek(b.periodStart)) &&
      b.change !== null &&
      Math.abs(b.change) < Math.abs(perDay);
    const bySegment = new Map<string, SegmentFinding[]>();
    for (const o of local)
      for (const b of o.findings as SegmentFinding[])
        if (!leadsOfEvents.has(b) && isPart(b)) {
          const key = `${b.dimension}\u0000${b.dimensionValue}`;
          bySegment.set(key, [...(bySegment.get(key) ?? []), b]);
        }
    if (bySegment.size === 0) continue;
    setMovedWith(lead, [
      ...(lead.movedWith ?? []),
      ...[...bySegment.values()].map((days) => ({
        dimension: days[0].dimension ?? "",
        dimensionValue: days[0].dimensionValue ?? "",
        change: days.reduce((sum, b) => sum + b.change!, 0) / days.length,
      })),
    ]);
    const folded = new Set([...bySegment.values()].flat());
    for (const o of local) {
      const kept = (o.findings as SegmentFinding[]).filter((f) => !folded.has(f));
      if (kept.length === o.findings.length) continue;
      // An insight whose lead was folded takes its next finding's effect (or none).
      const leadFolded = kept[0] !== o.findings[0];
      o.findings = kept;
      if (leadFolded) takeLeadEffect(o);
    }
  }
}

/**
 * The totals' findings that one segment explains: a day's or a shift's, dated by the total; a period's change (its
 * drivers), which the segment's lasting change dates.
 */
function explainedEvents(outcomes: IntentionOutcome[]): ExplainedEvent[] {
  const out: ExplainedEvent[] = [];
  for (const o of outcomes) {
    if (o.localised || o.intention.stage === "audit") continue;
    for (const f of o.findings as (Finding & { explainedBy?: Explanation })[]) {
      if (f.dimension !== null || !f.explainedBy) continue;
      const { dimension, dimensionValue, shiftFrom } = f.explainedBy;
      // A total's unusual day that a segment's new level explains is that shift's event.
      if (shiftFrom) out.push({ kind: "level_shift", dimension, dimensionValue, day: dayNumber(shiftFrom) });
      else if (f.kind === "anomaly" || f.kind === "level_shift")
        out.push({ kind: f.kind, dimension, dimensionValue, day: dayNumber(f.periodStart) });
      else if (PERIOD_KINDS.has(f.kind)) out.push({ kind: "level_shift", dimension, dimensionValue, day: null });
    }
  }
  return out;
}

/** Findings of a period's change (explain-by-segment.ts compares their effect with a segment's). */
const PERIOD_KINDS = new Set(["change", "driver", "funnel"]);

function near(a: number, b: number, kind: string): boolean {
  return Math.abs(a - b) <= (kind === "anomaly" ? 0 : SHIFT_DAYS);
}

/**
 * Whether a finding is dated near the lead: within SHIFT_DAYS for steps, the same day for days. A step dated on the
 * first day after days its scan left out (`earliestDate`) may have come on any of them: a device's share of a channel's
 * lasting drop from Nov 5, under another channel's promotion from Nov 2 to Nov 8 (days it moved on and came back
 * from), could only be dated Nov 9 and was told as a step of its own.
 */
function nearStep(b: SegmentFinding, lead: SegmentFinding): boolean {
  const from = (f: SegmentFinding) =>
    dayNumber(f.kind === "level_shift" && f.earliestDate ? f.earliestDate : f.periodStart);
  const [bFrom, bTo, leadFrom, leadTo] = [from(b), dayNumber(b.periodStart), from(lead), dayNumber(lead.periodStart)];
  // The two ranges of days each may have come on, apart by this many days (0 when they overlap).
  const apart = Math.max(0, bFrom - leadTo, leadFrom - bTo);
  return near(apart, 0, lead.kind);
}

/** The segment's own finding of an event the total says came from it (any metric: the event moved them all). */
function leads(f: SegmentFinding, e: ExplainedEvent): boolean {
  return (
    f.kind === e.kind &&
    f.dimension === e.dimension &&
    f.dimensionValue === e.dimensionValue &&
    (e.day === null || near(dayNumber(f.periodStart), e.day, e.kind))
  );
}

/** The dimensions a lead is already seen in: its own, its same rows' and the wider segments' of its event. */
const dimensionsOf = (lead: SegmentFinding) => [
  lead.dimension,
  ...[...(lead.sameRowsAs ?? []), ...(lead.sameEventAs ?? [])].map((w) => w.dimension),
];

/**
 * A step of another dimension's segment back from a stretch's level about the day the lead's stretch ended, by less
 * than the stretch's change: its share of the stretch, whose first step its noise hid (a device's few orders a day
 * when Paid Search was paused for three weeks read "Transactions for Device “desktop” shifted from about 18 to 27 a day
 * on Nov 1, 2026 (+48.5%)", the campaign's return as a gain of its own).
 */
function cameBackWith(b: SegmentFinding, lead: SegmentFinding): boolean {
  if (lead.kind !== "level_shift" || !lead.until || b.kind !== "level_shift" || b.until || takesSomeWeekdays(b))
    return false;
  const seenIn = dimensionsOf(lead);
  return (
    b.metric === lead.metric &&
    b.sourceId === lead.sourceId &&
    b.direction !== lead.direction &&
    !seenIn.includes(b.dimension ?? "") &&
    Math.abs(dayNumber(b.periodStart) - dayNumber(lead.until) - 1) <= RETURN_DAYS &&
    b.change !== null &&
    lead.change !== null &&
    Math.abs(b.change) < Math.abs(lead.change)
  );
}

/**
 * A segment of another dimension that moved like the lead, about the same day, by less. Not one of a dimension the
 * lead is already seen in (its same rows, or a wider segment that moved by as much): the campaign's channel is known,
 * so another channel is not a part of the campaign's change.
 */
function movedWithLead(b: SegmentFinding, lead: SegmentFinding): boolean {
  const seenIn = dimensionsOf(lead);
  const leadChange = changeOf(lead, b.metric);
  return (
    b.kind === lead.kind &&
    b.direction === lead.direction &&
    b.sourceId === lead.sourceId &&
    !seenIn.includes(b.dimension ?? "") &&
    nearStep(b, lead) &&
    // A step of some weekdays is a part of one of the same weekdays only (weekday-shift.ts), and a step of every day
    // of one of every day.
    weekdaysOf(b) === weekdaysOf(lead) &&
    b.change !== null &&
    leadChange !== null &&
    Math.abs(b.change) < Math.abs(leadChange)
  );
}

/**
 * The lead's change of `metric`: its own, or the level of another metric a started segment's finding says with its own
 * (started-segments.ts): a channel that ran three weeks was led by its revenue, which names its sessions' level, and
 * the devices' sessions that moved with it were told as steps of their own.
 */
function changeOf(lead: SegmentFinding, metric: string): number | null {
  if (lead.metric === metric) return lead.change;
  const also = (lead as { alsoStarted?: { metric: string; current: number }[] }).alsoStarted;
  return also?.find((m) => m.metric === metric)?.current ?? null;
}
