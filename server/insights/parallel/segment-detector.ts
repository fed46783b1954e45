import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { packTasks, transferablesOf } from "./packed-tasks";
import {
  detectSegment,
  inlineSegmentDetector,
  type SegmentDetection,
  type SegmentDetector,
  type SegmentTask,
} from "../engine/analyses/segment-detect";

// The segment watch on two cores. A report's segment detections (level shifts and two-sided
// one-day tests of every watched segment: most of the engine's CPU) need only the segments'
// series, so when the engine starts they are handed to a worker thread, which works through them
// while the engine runs its other intentions; when the engine reaches its segment intentions it
// takes the remaining tasks from the same shared counter (Atomics.add), so both threads finish
// together. The engine stays synchronous: it blocks on the job's done flag (Atomics.wait), raised
// after the thread posted its share to a port read with receiveMessageOnPort. Same functions on the
// same numbers (structured clone keeps every one), so the same findings as inline; a thread that
// fails or does not answer leaves its tasks to be computed inline. ADR 0005 (addendum).

/**
 * A thread that finishes no task for this long is taken for dead (one task takes well under a
 * millisecond): its tasks are computed inline. (While the engine waits, the thread's exit event
 * cannot be delivered, so progress is read from shared memory.)
 */
const STALL_MS = 2_000;

interface DetectorThread {
  worker: Worker;
  port: MessagePort;
  broken: boolean;
  /** The last job's id (answers carry theirs). */
  lastId: number;
  /** Resolves once the thread has loaded its code and listens (false: it failed). */
  ready: Promise<boolean>;
  isReady: boolean;
}

let shared: DetectorThread | null = null;
/** Tasks of the last job that the thread delivered, and how many the job had (for logs and tests). */
let lastShare = { thread: 0, tasks: 0 };

/** How the last report's segment tasks were shared: how many the thread delivered, of how many. */
export function lastSegmentShare(): { thread: number; tasks: number } {
  return lastShare;
}

function startThread(): DetectorThread {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL("./segment-detect-thread.mjs", import.meta.url), {
    workerData: { port: port2 },
    transferList: [port2],
    // The thread keeps no data between reports (its heap holds 12-35 MB in use on the report bench):
    // a small old generation makes it collect early rather than grow the worker's peak memory. Its
    // young generation keeps V8's default size (48 MB): a report's detections allocate about 45 MB
    // of short-lived arrays, and at 16 MB the thread collected so often that it finished 130-210
    // of the report bench's 414 tasks while the main thread, which started with it, did the rest.
    resourceLimits: { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 256 },
  });
  const thread: DetectorThread = {
    worker,
    port: port1,
    broken: false,
    lastId: 0,
    isReady: false,
    ready: Promise.resolve(false),
  };
  thread.ready = new Promise<boolean>((resolve) => {
    worker.once("message", (m: { ready?: boolean }) => resolve((thread.isReady = m.ready === true)));
    // A thread that dies is not asked again.
    const broken = () => {
      thread.broken = true;
      resolve(false);
    };
    worker.on("error", broken);
    worker.on("exit", broken);
  });
  // It must not keep a finishing process alive.
  worker.unref();
  return thread;
}

/** Starts this process's detection thread; resolves once it listens (false: it could not start). */
export function startSegmentDetectorThread(): Promise<boolean> {
  if (shared?.broken) shared = null;
  return (shared ??= startThread()).ready;
}

/**
 * Runs `tasks` `rounds` times on the detection thread, so V8 has compiled its code before the
 * first real report (the thread's code is compiled apart from the main thread's); resolves when done.
 */
export async function warmUpSegmentDetectorThread(tasks: readonly SegmentTask[], rounds: number): Promise<void> {
  const thread = shared;
  if (!thread?.isReady || thread.broken || tasks.length === 0) return;
  const id = ++thread.lastId;
  const counter = new Int32Array(new SharedArrayBuffer(12));
  const packed = packTasks(tasks);
  thread.worker.postMessage({ id, packed, shared: counter, rounds }, transferablesOf(packed));
  const waited = Atomics.waitAsync(counter, 1, 0, 60_000);
  if (waited.async) await waited.value;
  // Its (empty) answer read, so the next job's is the first on the port.
  for (let received = receiveMessageOnPort(thread.port); received; received = receiveMessageOnPort(thread.port))
    if ((received.message as { id: number }).id >= id) break;
}

/** Stops the detection thread (tests; a worker process that exits takes it along). */
export async function stopSegmentDetectorThread(): Promise<void> {
  const thread = shared;
  shared = null;
  await thread?.worker.terminate();
}

/**
 * A detector that shares each report's segment tasks with this process's detection thread, once
 * startSegmentDetectorThread has it listening; before that (or after it failed) they run inline.
 */
export function threadSegmentDetector(): SegmentDetector {
  return {
    start(tasks: readonly SegmentTask[]) {
      const thread = shared;
      lastShare = { thread: 0, tasks: tasks.length };
      if (tasks.length === 0 || !thread?.isReady || thread.broken) return inlineSegmentDetector.start(tasks);
      // [0]: the next unclaimed task; [1]: 1 once the thread has posted its share; [2]: tasks it finished.
      const counter = new Int32Array(new SharedArrayBuffer(12));
      const id = ++thread.lastId;
      const packed = packTasks(tasks);
      thread.worker.postMessage({ id, packed, shared: counter }, transferablesOf(packed));
      let results: SegmentDetection[] | null = null;
      return () => (results ??= finish(thread, id, tasks, counter));
    },
  };
}

/** Takes the tasks the thread has not, then adds the thread's share (computing inline whatever it did not deliver). */
function finish(
  thread: DetectorThread,
  id: number,
  tasks: readonly SegmentTask[],
  counter: Int32Array,
): SegmentDetection[] {
  const results: (SegmentDetection | undefined)[] = new Array(tasks.length);
  for (let i = Atomics.add(counter, 0, 1); i < tasks.length; i = Atomics.add(counter, 0, 1))
    results[i] = detectSegment(tasks[i]);
  for (let finished = -1; Atomics.load(counter, 1) === 0 && !thread.broken;) {
    const now = Atomics.load(counter, 2);
    if (now === finished) break; // no task finished for STALL_MS
    finished = now;
    Atomics.wait(counter, 1, 0, STALL_MS);
  }
  if (Atomics.load(counter, 1) === 1) {
    // Answers come in job order; an earlier job's (given up on) is skipped.
    for (let received = receiveMessageOnPort(thread.port); received; received = receiveMessageOnPort(thread.port)) {
      const answer = received.message as { id: number; done: [number, SegmentDetection][]; error?: string };
      if (answer.id < id) continue;
      if (answer.id === id) for (const [i, detection] of answer.done) results[i] ??= detection;
      if (answer.id === id) lastShare = { thread: answer.done.length, tasks: tasks.length };
      break;
    }
  }
  return results.map((r, i) => r ?? detectSegment(tasks[i]));
}
