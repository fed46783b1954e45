// The export builder's entry (build-export.ts starts it). A child process does not inherit the TypeScript loader of
// the process that started it, so it registers tsx before loading its TypeScript code.
import { register } from "tsx/esm/api";

register();
await import("./build-export-process.ts");
