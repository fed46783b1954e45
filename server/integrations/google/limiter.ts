// A counting semaphore per key. GA4 allows 10 concurrent requests per property (more are answered
// 429), so every request for one property, from every sync in this process, goes through one gate.

class Gate {
  private active = 0;
  private waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so no newcomer slips in between.
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

export const MAX_CONCURRENT_PER_PROPERTY = 10;
const gates = new Map<string, Gate>();

/** Runs `task` once fewer than `limit` tasks of the same key are running. */
export function limited<T>(key: string, task: () => Promise<T>, limit = MAX_CONCURRENT_PER_PROPERTY): Promise<T> {
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = new Gate(limit)));
  return gate.run(task);
}
