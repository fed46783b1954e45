import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { dayIn, daysBetween, todayIn } from "@/lib/dates";
import { formatDay } from "@/lib/insights/format-values";
import { periodName } from "@/lib/insights/report-period";
import type { ScheduleFrequency } from "@/lib/schedules/next-run";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import { loadSourceStates, type SourceState } from "../dashboard/source-health";

// Whether a schedule's run will have data for its period, judged from the project's sources as they stand: a one-off
// upload gets no new days by itself, a disconnected source imports nothing until it is reconnected, and a connected
// source more than a period behind is stuck. Each problem says what to do. The form and the list show these before
// the run; a run whose period has no data at all is not sent and says why with the same words.

export type DataProblem = "no_source" | "one_off_upload" | "disconnected" | "behind";

export interface DataWarning {
  sourceId: string | null;
  problem: DataProblem;
  message: string;
}

export interface DataOutlook {
  /** The days the run reports on. */
  period: { start: string; end: string };
  /** The run's day in the project's time zone. */
  runDay: string;
  warnings: DataWarning[];
  /** Whether any source will hold days of the period at the run (the run is sent only then). */
  hasData: boolean;
}

/** A period's length, for "more than a period behind". */
const PERIOD_DAYS: Record<ScheduleFrequency, number> = { weekly: 7, monthly: 31, quarterly: 92, annually: 366 };
const PERIOD_WORD: Record<ScheduleFrequency, string> = {
  weekly: "a week",
  monthly: "a month",
  quarterly: "a quarter",
  annually: "a year",
};

interface Source {
  id: string;
  projectId: string;
  name: string;
  uploaded: boolean;
}

/** What one source will bring to the period, and what to tell about it. */
function judge(
  source: Source,
  state: SourceState | undefined,
  input: { period: { start: string; end: string }; runDay: string; today: string; frequency: ScheduleFrequency },
): { covers: boolean; warning: DataWarning | null } {
  const name = `“${source.name}”`;
  const last = state?.last_date ?? null;
  const runOn = formatDay(input.runDay);
  const covers = (day: string | null) => day !== null && day >= input.period.start;
  const warn = (problem: DataProblem, message: string) => ({ sourceId: source.id, problem, message });
  if (state?.token_failed)
    return {
      covers: covers(last),
      warning: warn(
        "disconnected",
        `${name} is disconnected: it imports nothing until it is reconnected. Reconnect it on the project's Data sources page before ${runOn}.`,
      ),
    };
  if (source.uploaded) {
    if (last !== null && last >= input.period.end) return { covers: true, warning: null };
    const ends = last ? `its data ends ${formatDay(last)}` : "it holds no data yet";
    return {
      covers: covers(last),
      warning: warn(
        "one_off_upload",
        `${name} is a one-off upload: ${ends}, and the run on ${runOn} reports on ${periodName(input.period.start, input.period.end)}. No new data arrives by itself: upload a newer file before ${runOn}, or connect the source so that it imports every day.`,
      ),
    };
  }
  // A connected source imports every day; one whose newest day is more than a period old is stuck.
  const behind =
    last === null ? state?.run_status !== "running" : daysBetween(last, input.today) - 1 > PERIOD_DAYS[input.frequency];
  if (!behind) return { covers: true, warning: null };
  const failed = state?.run_status === "failed" && state.run_error ? ` Its last import failed: ${state.run_error}` : "";
  return {
    covers: covers(last),
    warning: warn(
      "behind",
      last
        ? `${name} has data only through ${formatDay(last)}, more than ${PERIOD_WORD[input.frequency]} behind: check its imports on the project's Data sources page.${failed}`
        : `${name} has imported no data yet: check it on the project's Data sources page.${failed}`,
    ),
  };
}

export interface OutlookRequest {
  key: string;
  projectId: string;
  frequency: ScheduleFrequency;
  timeZone: string;
  period: { start: string; end: string };
  runAt: Date;
}

/** The outlook of each request, with the sources of all their projects read in two queries. */
export async function dataOutlooks(requests: OutlookRequest[], now = new Date()): Promise<Map<string, DataOutlook>> {
  const projectIds = [...new Set(requests.map((r) => r.projectId))];
  const rows = projectIds.length
    ? await db()
        .select({
          id: dataSources.id,
          projectId: dataSources.projectId,
          name: dataSources.name,
          sourceName: dataSources.sourceName,
          kind: dataSources.kind,
        })
        .from(dataSources)
        .where(and(inArray(dataSources.projectId, projectIds), eq(dataSources.status, "active")))
    : [];
  const sources: Source[] = rows.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    name: r.name || r.sourceName,
    uploaded: r.kind === "own",
  }));
  const states = await loadSourceStates(sources.map((s) => s.id));
  const out = new Map<string, DataOutlook>();
  for (const request of requests) {
    const runDay = dayIn(request.runAt, request.timeZone);
    const input = {
      period: request.period,
      runDay,
      today: todayIn(request.timeZone, now),
      frequency: request.frequency,
    };
    const own = sources.filter((s) => s.projectId === request.projectId);
    const judged = own.map((s) => judge(s, states.get(s.id), input));
    const warnings = judged.flatMap((j) => (j.warning ? [j.warning] : []));
    if (own.length === 0)
      warnings.push({
        sourceId: null,
        problem: "no_source",
        message:
          "This project has no data source: add one on its Data sources page, or the runs will have nothing to report.",
      });
    out.set(request.key, { period: request.period, runDay, warnings, hasData: judged.some((j) => j.covers) });
  }
  return out;
}

/** Why a run was not sent: its period had no data, with what the sources say about it. */
export function notSentReason(outlook: DataOutlook): string {
  const what = periodName(outlook.period.start, outlook.period.end);
  const why = outlook.warnings.map((w) => w.message).join(" ");
  return `No data for ${what}, so nothing was sent.${why ? ` ${why}` : ""}`;
}
