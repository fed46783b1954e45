import type { IncomingMessage, ServerResponse } from "node:http";

export function webRequestListener(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void,
  trustedHops: number,
): (req: IncomingMessage, res: ServerResponse) => void;
