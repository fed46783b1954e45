import type { Dimension } from "@/lib/insights/metrics";
import { PART_INDEX, PARTS, type PartValues } from "../data/parts";
import { ProjectData, sourceDaily, type SegmentRow } from "../data/project-data";
import { segmentDailySeries, type SegmentDaily, type SegmentDailySeries } from "../data/segment-daily";
import { reportWindow, type ReportWindow } from "../data/window";
import { segmentWatchRange } from "../engine/analyses/segment-watch";
import type { EngineInput } from "../engine/types";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";

// Synthetic projects with one planted event each, and their noise twins (same seed, no event),
// built straight into the engine's input: the engine is a pure function, so its quality is
// measured without a database (`npm run bench -- quality`, engine tests).
//
// The shop: 180 days, channel (6 values) × device (3 values) combinations, sessions with weekly
// seasonality and 10% day-to-day noise per combination, conversions at 3% of sessions, revenue at
// €80 per conversion. The report covers the last 30 days against the 30 before.
//
// A seasonal project has 544 days (the report's two periods a year earlier too) and a season:
// every combination's traffic moves by the same fraction from the season's first day for 60 days,
// this year and on the same weekday a year before (364 days earlier). Handled right, it is no
// news: the engine labels what the season predicts as expected (score.ts).

export type EventKind = "spike" | "drop" | "level_shift" | "rate_drop" | "tracking_gap" | "seasonal";

export interface PlantedEvent {
  kind: EventKind;
  /** First day of the event. */
  date: string;
  dimension: Dimension | null;
  value: string | null;
  metric: "sessions" | "conversions";
  direction: "up" | "down";
  /** The effect in standard deviations of the segment's daily noise (sessions), or the rate change. */
  magnitudeSd: number;
  /** Seasonal events: the fraction every segment's traffic moves by (this year and last). */
  seasonalChange?: number;
}

export interface SyntheticProject {
  input: EngineInput;
  event: PlantedEvent | null;
}

export const CHANNELS = ["Organic Search", "Paid Search", "Direct", "Email", "Social", "Display"];
export const DEVICES = ["desktop", "mobile", "tablet"];
const CHANNEL_SCALE = [400, 250, 200, 80, 120, 60];
const DEVICE_SHARE = [0.5, 0.4, 0.1];
export const WEEKLY = [0.7, 1.1, 1.15, 1.1, 1.05, 1.0, 0.75]; // Sunday … Saturday
const DAYS = 180;
const SEASONAL_DAYS = 544;
const YEAR = 364;
const SEASON_DAYS = 60;
export const PERIOD = 30;
export const CV = 0.1;
export const RATE = 0.03;
const AOV = 80;
/** σ of a channel's daily sessions over its mean, per unit of CV: its devices' noise adds in quadrature. */
const SEGMENT_SD_FACTOR = Math.sqrt(DEVICE_SHARE.reduce((sum, x) => sum + x * x, 0));
export const SYNTHETIC_END = "2026-03-31";

/**
 * The channels an event is planted in: the four largest (enough volume to judge). Until 28 November 2026 these were
 * the first four of CHANNELS, which put Email (80 sessions a day, the fifth) in place of Social (120): a 30-60 % fall
 * of its conversion rate, 2.4 conversions a day, moved its conversions by about 2 standard deviations over the
 * period, short of the 3 the recall target is for.
 */
const EVENT_CHANNELS = CHANNELS.map((channel, i) => ({ channel, scale: CHANNEL_SCALE[i] }))
  .sort((a, b) => b.scale - a.scale)
  .slice(0, 4)
  .map((c) => c.channel);

/** The event of project `seed` (kind by seed, date, segment and magnitude drawn from it). */
export function plannedEvent(seed: number): PlantedEvent {
  const r = mulberry32(seed * 7919 + 1);
  const kinds: EventKind[] = ["spike", "drop", "level_shift", "rate_drop", "tracking_gap", "seasonal"];
  const kind = kinds[seed % kinds.length];
  const periodStart = addDays(SYNTHETIC_END, -(PERIOD - 1));
  // Level shifts start at least a week into the period and a week before its end.
  const lasting = kind === "level_shift" || kind === "rate_drop" || kind === "seasonal";
  const offset = lasting ? 7 + Math.floor(r() * 12) : Math.floor(r() * 28) + 1;
  const channel = EVENT_CHANNELS[Math.floor(r() * EVENT_CHANNELS.length)];
  const whole = kind === "tracking_gap" || kind === "seasonal";
  const direction =
    kind === "spike" ? "up" : kind === "level_shift" || kind === "seasonal" ? (r() < 0.5 ? "up" : "down") : "down";
  const magnitudeSd = kind === "rate_drop" ? 0.3 + 0.3 * r() : 3 + 5 * r();
  // A season moves the smallest watched channel's daily sessions by magnitudeSd of its noise.
  const seasonalChange =
    kind === "seasonal" ? (direction === "up" ? 1 : -1) * magnitudeSd * CV * SEGMENT_SD_FACTOR : undefined;
  return {
    kind,
    date: addDays(periodStart, offset),
    dimension: whole ? null : "channel",
    value: whole ? null : channel,
    metric: kind === "rate_drop" ? "conversions" : "sessions",
    direction,
    magnitudeSd,
    seasonalChange,
  };
}

export function generateProject(seed: number, withEvent: boolean): SyntheticProject {
  const event = withEvent ? plannedEvent(seed) : null;
  const random = mulberry32(seed);
  const z = gaussian(random);
  const end = SYNTHETIC_END;
  const length = plannedEvent(seed).kind === "seasonal" ? SEASONAL_DAYS : DAYS; // the twin has the same history
  const start = addDays(end, -(length - 1));
  const window = reportWindow(addDays(end, -(PERIOD - 1)), end, "previous_period");
  // combination → date → parts
  const combos: { channel: string; device: string; days: Map<string, PartValues> }[] = [];
  CHANNELS.forEach((channel, c) =>
    DEVICES.forEach((device, d) => {
      const days = new Map<string, PartValues>();
      const mean = CHANNEL_SCALE[c] * DEVICE_SHARE[d];
      for (let i = 0, date = start; i < length; i++, date = addDays(date, 1)) {
        let sessions = mean * WEEKLY[dayOfWeek(date)] * (1 + CV * z());
        if (event?.kind === "seasonal" && inSeason(date, event.date)) sessions *= 1 + event.seasonalChange!;
        let rate = RATE;
        if (event && event.value === channel) {
          // σ of the channel's daily sessions (its combinations' noise adds in quadrature).
          const sd = CV * CHANNEL_SCALE[c] * Math.sqrt(DEVICE_SHARE.reduce((s, x) => s + x * x, 0));
          const share = mean / CHANNEL_SCALE[c];
          const sign = event.direction === "up" ? 1 : -1;
          const bump = sign * event.magnitudeSd * sd * share * WEEKLY[dayOfWeek(date)];
          if ((event.kind === "spike" || event.kind === "drop") && date === event.date) sessions += bump;
          if (event.kind === "level_shift" && date >= event.date) sessions += bump;
          if (event.kind === "rate_drop" && date >= event.date) rate *= 1 - event.magnitudeSd;
        }
        if (event?.kind === "tracking_gap" && date >= event.date && date <= addDays(event.date, 2)) sessions = 0;
        days.set(date, dayParts(sessions, rate, z));
      }
      combos.push({ channel, device, days });
    }),
  );
  const sourceId = "00000000-0000-4000-8000-000000000001";
  const totals = new Map<string, PartValues>();
  for (const c of combos) for (const [date, v] of c.days) totals.set(date, addParts(totals.get(date), v));
  const rows: SegmentRow[] = [];
  const daily: SegmentDailySeries[] = [];
  const range = segmentWatchRange(window.periodStart, window.periodEnd);
  for (const [dimension, values] of [
    ["channel", CHANNELS],
    ["device", DEVICES],
  ] as const) {
    for (const value of values) {
      const mine = combos.filter((c) => (dimension === "channel" ? c.channel : c.device) === value);
      const byDay = new Map<string, PartValues>();
      for (const c of mine) for (const [date, v] of c.days) byDay.set(date, addParts(byDay.get(date), v));
      rows.push(...periodRows(window, { sourceId, dimension, value, combos: mine.length }, byDay));
      const watched = new Map([...byDay].filter(([date]) => date >= range.from));
      daily.push(segmentDailySeries({ sourceId, dimension, value, days: watched }));
    }
  }
  const data = new ProjectData(window, [sourceDaily(sourceId, totals)], rows, ["channel", "device"]);
  const segmentDaily: SegmentDaily = { from: range.from, to: window.periodEnd, series: daily };
  return {
    input: { data, segmentDaily, window, project: { siteType: "ecommerce", url: null, currency: "EUR" } },
    event,
  };
}

/** Inside the season: from its first day for SEASON_DAYS days, this year or a year (52 weeks) before. */
function inSeason(date: string, first: string): boolean {
  for (const start of [first, addDays(first, -YEAR)])
    if (date >= start && date < addDays(start, SEASON_DAYS)) return true;
  return false;
}

/**
 * A day of the shop's parts from its sessions (rounded here): conversions at `rate` with 15 % noise,
 * €80 of revenue each with 5 %, engaged sessions 60 %. Draws twice from `z`, in that order.
 */
export function dayParts(sessions: number, rate: number, z: () => number): PartValues {
  const rounded = Math.max(0, Math.round(sessions));
  const conversions = Math.max(0, Math.round(rounded * rate * (1 + 0.15 * z())));
  const values: PartValues = PARTS.map(() => null);
  values[PART_INDEX.sessions] = rounded;
  values[PART_INDEX.engagedSessions] = Math.round(rounded * 0.6);
  values[PART_INDEX.conversions] = conversions;
  values[PART_INDEX.transactions] = conversions;
  values[PART_INDEX.revenue] = Math.round(conversions * AOV * (1 + 0.05 * z()) * 100) / 100;
  return values;
}

/** A segment's per-value totals over the report's period and its comparison period, as the report loads them. */
export function periodRows(
  window: ReportWindow,
  segment: Omit<SegmentRow, "current" | "values">,
  byDay: ReadonlyMap<string, PartValues>,
): SegmentRow[] {
  return [true, false].map((current) => {
    const from = current ? window.periodStart : window.comparisonStart;
    const to = current ? window.periodEnd : window.comparisonEnd;
    let sum: PartValues | undefined;
    for (const [date, v] of byDay) if (date >= from && date <= to) sum = addParts(sum, v);
    return { ...segment, current, values: sum! };
  });
}

/** The sum of two rows' parts (null where neither has the part). */
export function addParts(a: PartValues | undefined, b: PartValues): PartValues {
  if (!a) return [...b];
  return a.map((x, i) => (x === null && b[i] === null ? null : (x ?? 0) + (b[i] ?? 0)));
}
