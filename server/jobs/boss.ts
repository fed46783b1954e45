import "server-only";
import PgBoss from "pg-boss";
import { env } from "../env";
import { log } from "../log";
import { jobContracts } from "./contracts/all-contracts";

const globalForBoss = globalThis as unknown as { __funnelwiseBoss?: Promise<PgBoss> };

/**
 * The pg-boss instance of this process. Web processes only send jobs (no maintenance or cron);
 * the worker process starts its own with supervision on (see worker.ts).
 */
export function boss(options: { worker?: boolean } = {}): Promise<PgBoss> {
  globalForBoss.__funnelwiseBoss ??= (async () => {
    const instance = new PgBoss({
      connectionString: env().DATABASE_URL,
      max: 4,
      supervise: Boolean(options.worker),
      schedule: Boolean(options.worker),
    });
    instance.on("error", (error) => log("error", "pg-boss error", { error: String(error) }));
    await instance.start();
    for (const contract of jobContracts) {
      await instance.createQueue(contract.name, { name: contract.name, policy: contract.policy });
      // createQueue leaves an existing queue as it was: bring its policy up to date.
      if (contract.policy) await instance.updateQueue(contract.name, { name: contract.name, policy: contract.policy });
    }
    return instance;
  })().catch((error) => {
    globalForBoss.__funnelwiseBoss = undefined;
    throw error;
  });
  return globalForBoss.__funnelwiseBoss;
}

export async function stopBoss(): Promise<void> {
  const pending = globalForBoss.__funnelwiseBoss;
  globalForBoss.__funnelwiseBoss = undefined;
  if (pending) await (await pending).stop({ graceful: true, wait: true, timeout: 10_000 });
}
