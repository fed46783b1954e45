// The render supervisor's entry (render-svg.ts starts it). A child process does not inherit the TypeScript loader
// of the process that started it (it gets no execArgv), so it registers tsx before loading its TypeScript code.
import { register } from "tsx/esm/api";

register();
await import("./supervisor.ts");
