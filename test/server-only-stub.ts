// Outside Next.js (vitest, the worker), "server-only" has nothing to guard.
export {};
