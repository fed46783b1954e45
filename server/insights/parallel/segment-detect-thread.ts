import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { detectSegment, type SegmentDetection } from "../engine/analyses/segment-detect";
import { unpackTasks, type PackedTasks } from "./packed-tasks";

// The thread side of segment-detector.ts. For each job it claims tasks one at a time from the
// job's shared counter (the main thread claims from the same counter once the engine reaches its
// segment intentions), posts the detections of the tasks it took, then raises the job's done flag,
// on which the main thread blocks with Atomics.wait (the engine stays a synchronous function).

interface Job {
  id: number;
  /** The tasks, their series packed (packed-tasks.ts). */
  packed: PackedTasks;
  /** A warm-up: every task run this many times, nothing delivered but the done flag. */
  rounds?: number;
  /** [0]: the next unclaimed task; [1]: 1 once this thread's share is posted; [2]: tasks it has finished. */
  shared: Int32Array;
}

/** Where this thread's detections go: a port the main thread reads with receiveMessageOnPort. */
const { port } = workerData as { port: MessagePort };

// Loaded and listening: the main thread hands jobs only to a thread that has said so (starting up
// may need the main thread's event loop, which a waiting engine would block).
parentPort!.postMessage({ ready: true });

parentPort!.on("message", ({ id, packed, shared, rounds }: Job) => {
  const done: [number, SegmentDetection][] = [];
  let error: string | undefined;
  try {
    const tasks = unpackTasks(packed);
    for (let round = 0; round < (rounds ?? 0); round++) tasks.forEach(detectSegment);
    for (let i = rounds ? tasks.length : Atomics.add(shared, 0, 1); i < tasks.length; i = Atomics.add(shared, 0, 1)) {
      done.push([i, detectSegment(tasks[i])]);
      Atomics.add(shared, 2, 1);
    }
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  port.postMessage({ id, done, error });
  Atomics.store(shared, 1, 1);
  Atomics.notify(shared, 1);
});
