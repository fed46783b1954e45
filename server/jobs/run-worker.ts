import { log } from "../http/log";
import { boss, stopBoss } from "./boss";
import { jobDefinitions } from "./registry";

/** Subscribes one handler per registered job; a payload that fails its schema fails the job. */
export async function runWorker(): Promise<{ stop: () => Promise<void> }> {
  const instance = await boss({ worker: true });
  for (const definition of jobDefinitions) {
    await instance.work(definition.name, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) {
        const payload = definition.schema.parse(job.data);
        const started = Date.now();
        try {
          await definition.handler(payload, { jobId: job.id });
          log("info", "job done", { job: definition.name, jobId: job.id, ms: Date.now() - started });
        } catch (error) {
          log("error", "job failed", { job: definition.name, jobId: job.id, error: String(error) });
          throw error;
        }
      }
    });
  }
  log("info", "worker ready", { jobs: jobDefinitions.map((d) => d.name) });
  return { stop: stopBoss };
}
