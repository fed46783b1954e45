// `node --import ./scripts/no-server-only.mjs …`: installs the hook that makes "server-only" a no-op.
import { register } from "node:module";

register("./server-only-hooks.mjs", import.meta.url);
