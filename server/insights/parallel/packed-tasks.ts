import type { SegmentTask } from "../engine/analyses/segment-detect";
import type { DailyPoint } from "../types";

// A report's segment tasks as the detection thread receives them. Each task's series is the segment's days over the
// same window (segment-watch.ts), as objects: structured-cloning 400 tasks of 87 such days took the main thread 8-14
// ms to serialise and the thread 22-35 ms to read back before it could start, most of what it was there to save. The
// series' values go instead in one Float64Array (and which are known in one Uint8Array), moved to the thread without a
// copy, beside the window's dates once; the thread builds the same objects from them. A task whose series is not the
// window's (none is today) keeps its own.

export interface PackedTasks {
  /** The window's days, shared by the packed series. */
  dates: string[];
  /** Task i's day j at [i × dates.length + j] (0 where unknown). */
  values: Float64Array;
  /** 1 where that day's value is known, 0 where it is null. */
  known: Uint8Array;
  /** The tasks without their series, except a task whose series is not the window's. */
  tasks: (Omit<SegmentTask, "series"> & { series?: DailyPoint[] })[];
}

export function packTasks(tasks: readonly SegmentTask[]): PackedTasks {
  const dates = (tasks[0]?.series ?? []).map((p) => p.date);
  const n = dates.length;
  const values = new Float64Array(tasks.length * n);
  const known = new Uint8Array(tasks.length * n);
  const packed = tasks.map((task, i) => {
    const { series, ...rest } = task;
    const windowed = series.length === n && n > 0 && series[0].date === dates[0] && series[n - 1].date === dates[n - 1];
    if (!windowed) return { ...rest, series };
    for (let j = 0; j < n; j++) {
      const v = series[j].value;
      if (v === null) continue;
      values[i * n + j] = v;
      known[i * n + j] = 1;
    }
    return rest;
  });
  return { dates, values, known, tasks: packed };
}

export function unpackTasks({ dates, values, known, tasks }: PackedTasks): SegmentTask[] {
  const n = dates.length;
  return tasks.map((task, i) => {
    if (task.series) return task as SegmentTask;
    const series: DailyPoint[] = new Array(n);
    for (let j = 0; j < n; j++) series[j] = { date: dates[j], value: known[i * n + j] ? values[i * n + j] : null };
    return { ...task, series };
  });
}

/** The buffers of a pack, to move to the thread instead of copying them. */
export const transferablesOf = (packed: PackedTasks): ArrayBuffer[] => [
  packed.values.buffer as ArrayBuffer,
  packed.known.buffer as ArrayBuffer,
];
