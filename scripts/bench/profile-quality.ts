/**
 * `npx tsx --cpu-prof scripts/bench/profile-quality.ts [account] [projects] [out.json]`: the engine on the quality
 * bench's generated projects (account shop, campaigns or campaignDays; 20 seeds), each planted project and its noise
 * twin run once, without a database, so a CPU profile of the engine alone can be taken (`--cpu-prof`). Prints the
 * median engine CPU time (the machine is shared: wall time is other people's too); with out.json, writes every report
 * (insights, tests, excluded days), so two versions of the engine can be compared report by report: a speed-up must
 * leave what a user reads unchanged.
 */
import fs from "node:fs";
import { runEngine } from "../../server/insights/engine/run-engine";
import { generateCampaignAccount } from "../../server/insights/synthetic/generate-campaign-account";
import { generateProject } from "../../server/insights/synthetic/generate-project";

const ACCOUNTS = {
  shop: (seed: number, planted: boolean) => generateProject(seed, planted),
  campaigns: (seed: number, planted: boolean) => generateCampaignAccount(seed, planted),
  campaignDays: (seed: number, planted: boolean) => generateCampaignAccount(seed, planted, true),
};

const account = (process.argv[2] ?? "shop") as keyof typeof ACCOUNTS;
const projects = Number(process.argv[3] ?? 20);
const out = process.argv[4];

const generate = ACCOUNTS[account];
if (!generate) throw new Error(`account is one of ${Object.keys(ACCOUNTS).join(", ")}`);
const times: number[] = [];
const reports: unknown[] = [];
for (let seed = 1; seed <= projects; seed++) {
  for (const planted of [true, false]) {
    const { input } = generate(seed, planted);
    const started = process.cpuUsage();
    const report = runEngine(input);
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
    if (out) reports.push({ seed, planted, report });
  }
}
times.sort((a, b) => a - b);
const median = times[times.length >> 1];
const p95 = times[Math.floor(times.length * 0.95)];
console.log(
  `${account}: ${times.length} engine runs, CPU time median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
);
if (out) fs.writeFileSync(out, JSON.stringify(reports, null, 1));
