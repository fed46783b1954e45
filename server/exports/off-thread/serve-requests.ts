// The helper side of helper-process.ts (imported by helper processes, so without "server-only").

/**
 * Answers each request with `handle` (the answer carries the request's id), says it is ready, and exits when its app
 * process goes away (the IPC channel closes), after `onDisconnect`.
 */
export function serveRequests<Q extends { id: number }, A extends object>(
  handle: (request: Q) => Promise<A>,
  onDisconnect: () => void = () => undefined,
): void {
  process.on("message", (request: Q) => {
    void handle(request).then((answer) => {
      if (process.connected) process.send!({ ...answer, id: request.id });
    });
  });
  process.on("disconnect", () => {
    onDisconnect();
    process.exit(0);
  });
  process.send!({ ready: true });
}
