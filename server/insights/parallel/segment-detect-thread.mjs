// The detection thread's entry (segment-detector.ts). Worker threads do not inherit the TypeScript
// loader the worker process was started with (tsx's --import hooks apply to the main thread only
// in Node 20), so the thread registers it for itself before loading its TypeScript code.
import { register } from "tsx/esm/api";

register();
await import("./segment-detect-thread.ts");
