import type { PartValues } from "../data/parts";
import { pickWatchedSegments } from "../data/pick-watched-segments";
import { ProjectData, sourceDaily } from "../data/project-data";
import { segmentDailySeries, type SegmentDailySeries } from "../data/segment-daily";
import { reportWindow } from "../data/window";
import { segmentWatchRange } from "../engine/analyses/segment-watch";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import {
  CV,
  PERIOD,
  RATE,
  SYNTHETIC_END,
  WEEKLY,
  addParts,
  dayParts,
  periodRows,
  type PlantedEvent,
  type SyntheticProject,
} from "./generate-project";

// An account with many campaigns, for the segment watch's breadth (`npm run bench -- quality`): 180
// days of 32 campaigns, from about 640 sessions a day down to about 45 (each 15 % smaller than the one
// before), weekly seasonality and 10 % day-to-day noise, conversions at 3 %, €80 each. The planted
// event is in a campaign ranked 11th to 30th, outside the 10 largest values whose every metric is
// watched, inside the ones watched in their volume and the KPI (pick-watched-segments.ts chooses them
// from the totals, as a report does): a level shift, or (the `oneDay` accounts) a one-day spike or
// drop. The watched segments are picked from the data, so a campaign that a drop pushes below the
// 30th is a miss, as it would be in a report.

const CAMPAIGNS = 32;
const DAYS = 180;

export const campaignName = (rank: number) => `Campaign ${String(rank).padStart(2, "0")}`;
const meanSessions = (rank: number) => 40 + 600 * 0.85 ** (rank - 1);

/** The event of account `seed`: a level shift of 3-8 SD in a campaign ranked 11 to 30. */
export function plannedCampaignShift(seed: number): PlantedEvent {
  const r = mulberry32(seed * 104729 + 3);
  const periodStart = addDays(SYNTHETIC_END, -(PERIOD - 1));
  return {
    kind: "level_shift",
    date: addDays(periodStart, 7 + Math.floor(r() * 12)),
    dimension: "campaign",
    value: campaignName(11 + Math.floor(r() * 20)),
    metric: "sessions",
    direction: r() < 0.5 ? "up" : "down",
    magnitudeSd: 3 + 5 * r(),
  };
}

/** The event of a `oneDay` account `seed`: one day's spike or drop of 3-8 SD in a campaign ranked 11 to 30. */
export function plannedCampaignDay(seed: number): PlantedEvent {
  const r = mulberry32(seed * 7727 + 5);
  const up = r() < 0.5;
  return {
    kind: up ? "spike" : "drop",
    date: addDays(SYNTHETIC_END, -Math.floor(r() * (PERIOD - 1))),
    dimension: "campaign",
    value: campaignName(11 + Math.floor(r() * 20)),
    metric: "sessions",
    direction: up ? "up" : "down",
    magnitudeSd: 3 + 5 * r(),
  };
}

export function generateCampaignAccount(seed: number, withEvent: boolean, oneDay = false): SyntheticProject {
  const event = withEvent ? (oneDay ? plannedCampaignDay(seed) : plannedCampaignShift(seed)) : null;
  const z = gaussian(mulberry32(seed * 31 + 17));
  const start = addDays(SYNTHETIC_END, -(DAYS - 1));
  const window = reportWindow(addDays(SYNTHETIC_END, -(PERIOD - 1)), SYNTHETIC_END, "previous_period");
  const sourceId = "00000000-0000-4000-8000-000000000002";
  const byCampaign = new Map<string, Map<string, PartValues>>();
  const totals = new Map<string, PartValues>();
  for (let rank = 1; rank <= CAMPAIGNS; rank++) {
    const name = campaignName(rank);
    const days = new Map<string, PartValues>();
    for (let i = 0, date = start; i < DAYS; i++, date = addDays(date, 1)) {
      const expected = meanSessions(rank) * WEEKLY[dayOfWeek(date)];
      let sessions = expected * (1 + CV * z());
      const lasting = event?.kind === "level_shift";
      if (event && event.value === name && (lasting ? date >= event.date : date === event.date))
        sessions += (event.direction === "up" ? 1 : -1) * event.magnitudeSd * CV * expected;
      const values = dayParts(sessions, RATE, z);
      days.set(date, values);
      totals.set(date, addParts(totals.get(date), values));
    }
    byCampaign.set(name, days);
  }
  const rows = [...byCampaign].flatMap(([value, days]) =>
    periodRows(window, { sourceId, dimension: "campaign", value, combos: 1 }, days),
  );
  const data = new ProjectData(window, [sourceDaily(sourceId, totals)], rows, ["campaign"]);
  const range = segmentWatchRange(window.periodStart, window.periodEnd);
  const watched = pickWatchedSegments(data, ["campaign"]);
  const series: SegmentDailySeries[] = watched
    .filter((w) => !w.screenedOut)
    .map((w) =>
      segmentDailySeries({
        sourceId,
        dimension: w.dimension,
        value: w.value,
        narrow: w.narrow,
        tail: w.tail,
        days: new Map([...byCampaign.get(w.value)!].filter(([date]) => date >= range.from)),
      }),
    );
  return {
    input: {
      data,
      segmentDaily: {
        from: range.from,
        to: window.periodEnd,
        series,
        untestedShifts: watched.filter((w) => w.screenedOut).length,
      },
      window,
      project: { siteType: "ecommerce", url: null, currency: "EUR" },
    },
    event,
  };
}
