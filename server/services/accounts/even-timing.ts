import "server-only";

/**
 * Runs `work` and answers no sooner than `minimumMs` after the start, so an answer's timing does not
 * tell whether an address has an account (sign-up and forgot-password do more work when it does).
 */
export async function withEvenTiming<T>(minimumMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = minimumMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
