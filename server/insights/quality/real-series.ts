// The real public daily series the quality bench and the property tests run the engine on (docs/real-series.md says
// where each comes from, its licence and the public record of each event). Each file is in the CSV upload's own
// format under data/real-series/, mapped to a metric of the app: what it measures, read as a site's traffic.
import type { SiteTypeKey } from "@/lib/insights/intentions";

export type EventKind = "drop" | "spike" | "step_down" | "step_up";

export interface DatedEvent {
  date: string;
  kind: EventKind;
  name: string;
}

export interface RealSeries {
  key: string;
  /** Under data/real-series/. */
  file: string;
  title: string;
  siteType: SiteTypeKey;
  /** The app's metric the series is uploaded as. */
  metric: string;
  events: DatedEvent[];
  /** 30-day periods (their first days) with no event or public holiday within three days of them. */
  quiet: string[];
}

export const REAL_SERIES: readonly RealSeries[] = [
  {
    key: "nyc-taxi",
    file: "nyc-taxi-passengers-daily.csv",
    title: "NYC taxi passengers a day (NAB realKnownCause), as a site's sessions",
    siteType: "brand",
    metric: "sessions",
    events: [
      { date: "2014-09-01", kind: "drop", name: "Labor Day" },
      { date: "2014-11-27", kind: "drop", name: "Thanksgiving" },
      { date: "2014-12-25", kind: "drop", name: "Christmas Day" },
      { date: "2015-01-26", kind: "drop", name: "January 2015 blizzard (travel ban from 11 pm, Jan 26-27)" },
    ],
    // None: every 30 days of its seven months hold a holiday or a public event (docs/real-series.md).
    quiet: [],
  },
  {
    key: "capital-bikeshare",
    file: "capital-bikeshare-rentals-daily.csv",
    title: "Capital Bikeshare rentals a day by casual and registered riders (UCI), as sessions by channel",
    siteType: "brand",
    metric: "sessions",
    events: [
      { date: "2011-07-04", kind: "spike", name: "Independence Day 2011" },
      { date: "2011-08-27", kind: "drop", name: "Hurricane Irene" },
      { date: "2011-11-24", kind: "drop", name: "Thanksgiving 2011" },
      { date: "2012-09-03", kind: "drop", name: "Labor Day 2012" },
      { date: "2012-10-29", kind: "drop", name: "Hurricane Sandy (service suspended Oct 29-30)" },
      { date: "2012-11-22", kind: "drop", name: "Thanksgiving 2012" },
      { date: "2012-12-25", kind: "drop", name: "Christmas Day 2012" },
    ],
    quiet: ["2011-09-08", "2012-01-20", "2012-04-23"],
  },
  {
    key: "melbourne-pedestrians",
    file: "melbourne-pedestrians-daily.csv",
    title: "Pedestrians a day past one Melbourne CBD sensor (City of Melbourne, via Prophet's examples), as sessions",
    siteType: "brand",
    metric: "sessions",
    events: [
      { date: "2018-11-06", kind: "drop", name: "Melbourne Cup Day public holiday 2018" },
      { date: "2018-12-26", kind: "spike", name: "Boxing Day sales 2018" },
      { date: "2020-07-09", kind: "step_down", name: "Stage 3 restrictions re-imposed on metropolitan Melbourne" },
      { date: "2020-10-28", kind: "step_up", name: "Metropolitan Melbourne's retail and hospitality reopen" },
      { date: "2021-02-13", kind: "step_down", name: "Five-day circuit-breaker lockdown (Feb 13-17)" },
      { date: "2021-02-18", kind: "step_up", name: "Circuit-breaker lockdown ends" },
      { date: "2021-05-28", kind: "step_down", name: "Fourth lockdown (May 28 - Jun 10)" },
      { date: "2021-06-11", kind: "step_up", name: "Fourth lockdown eased in metropolitan Melbourne" },
    ],
    quiet: ["2018-05-01", "2019-02-04", "2019-07-29"],
  },
  {
    key: "peyton-manning",
    file: "peyton-manning-wikipedia-pageviews.csv",
    // As sessions: a content project with page views alone gets no intention on them (docs/real-series.md).
    title: "Page views a day of Wikipedia's Peyton Manning article (Prophet's example), as a content site's sessions",
    siteType: "content",
    metric: "sessions",
    events: [
      { date: "2011-01-08", kind: "spike", name: "AFC wild-card game, Colts v Jets" },
      { date: "2012-03-07", kind: "spike", name: "Released by the Indianapolis Colts" },
      { date: "2012-03-20", kind: "spike", name: "Signs with the Denver Broncos" },
      { date: "2013-01-12", kind: "spike", name: "AFC divisional game, Broncos v Ravens" },
      { date: "2014-01-12", kind: "spike", name: "AFC divisional game, Broncos v Chargers" },
      { date: "2014-01-19", kind: "spike", name: "AFC championship game, Broncos v Patriots" },
      { date: "2014-02-02", kind: "spike", name: "Super Bowl XLVIII" },
      { date: "2015-01-11", kind: "spike", name: "AFC divisional game, Broncos v Colts" },
      { date: "2016-01-17", kind: "spike", name: "AFC divisional game, Broncos v Steelers" },
    ],
    quiet: ["2013-05-15", "2014-06-02", "2015-05-18"],
  },
];

/** The 30-day period a report on an event reads: the event on its 21st day, or the series' last 30 days. */
export const PERIOD_DAYS = 30;
export const EVENT_DAY_IN_PERIOD = 21;
/** An event is found when a finding dates it within this many days. */
export const DATING_TOLERANCE_DAYS = 2;
