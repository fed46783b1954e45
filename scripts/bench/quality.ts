import { runEngine } from "../../server/insights/engine/run-engine";
import { generateCampaignAccount } from "../../server/insights/synthetic/generate-campaign-account";
import { generateProject, type EventKind } from "../../server/insights/synthetic/generate-project";
import { FDR } from "../../server/insights/engine/multiplicity";
import { normalQuantile, normalSurvival } from "../../server/insights/stats/distributions";
import { eventFound, significantFindings } from "../../server/insights/synthetic/score";
import type { Violation } from "../../server/insights/quality/types";
import { reportViolations, violationCounts, type BenchEngine } from "./engine-choice";
import type { BenchResult } from "./harness";

// `npm run bench -- quality [--engine=v3]`: the engine on generated projects with one planted event each and
// their noise twins (server/insights/synthetic/). Prints recall (event found with its date within
// a day, its segment and its sign), false findings per noise twin, and the finding properties' violations
// (server/insights/quality/) on both reports of each project. Needs no database: the
// engine is a pure function of the loaded data. Two kinds of project: the shop (6 channels × 3
// devices, every kind of event) and the campaign account (32 campaigns, a level shift, or in the
// second set a one-day spike or drop, in one ranked 11th to 30th: the segment watch beyond a
// dimension's largest values).

const ACCOUNTS = {
  shop: { generate: generateProject, label: "generated projects" },
  campaigns: {
    generate: (seed: number, planted: boolean) => generateCampaignAccount(seed, planted),
    label: "generated campaign accounts (32 campaigns)",
  },
  campaignDays: {
    generate: (seed: number, planted: boolean) => generateCampaignAccount(seed, planted, true),
    label: "generated campaign accounts (32 campaigns, a one-day event)",
  },
};

export const QUALITY_PROJECTS = 60;
const TARGET_RECALL = 0.9;
const TARGET_FALSE_PER_PROJECT = 1;
/** Violations printed in full per part; the rest are counted. */
const VIOLATIONS_SHOWN = 8;

interface Tally {
  byKind: Map<EventKind, { found: number; total: number }>;
  found: number;
  falseFindings: number;
  noisy: number;
  times: number[];
  violations: Violation[];
  ideal: number;
  oneDay: number;
}

/** One generated project and its noise twin through the engine: scored, and every finding checked. */
function judgeProject(seed: number, account: keyof typeof ACCOUNTS, engine: BenchEngine, tally: Tally): string {
  const { generate } = ACCOUNTS[account];
  const planted = generate(seed, true);
  const twin = generate(seed, false);
  const started = performance.now();
  const report = runEngine(planted.input, { engine });
  tally.times.push(performance.now() - started);
  const noise = runEngine(twin.input, { engine });
  const event = planted.event!;
  const hit = eventFound(report, event);
  const k = tally.byKind.get(event.kind) ?? { found: 0, total: 0 };
  tally.byKind.set(event.kind, { found: k.found + Number(hit), total: k.total + 1 });
  if (hit) tally.found++;
  if (event.kind === "spike" || event.kind === "drop") {
    tally.oneDay++;
    tally.ideal += idealOneDayPower(event.magnitudeSd, report.tests);
  }
  const falses = significantFindings(noise);
  tally.falseFindings += falses.length;
  if (falses.length > 1) tally.noisy++;
  for (const [r, input, which] of [
    [report, planted.input, "planted"],
    [noise, twin.input, "noise twin"],
  ] as const)
    tally.violations.push(...reportViolations(r, input).map((v) => ({ ...v, text: `#${seed} ${which}: ${v.text}` })));
  return `  #${seed} ${event.kind} ${event.value ?? "total"} ${event.direction} ${event.date} ${event.magnitudeSd.toFixed(2)}${event.kind === "rate_drop" ? " (rate −share)" : " SD"}: ${hit ? "found" : "MISSED"}; noise twin: ${falses.length} false (${falses.map((f) => `${f.kind} ${f.metric} ${f.dimensionValue ?? "total"} ${f.periodStart}`).join(", ")})`;
}

export function runQuality(
  projects = QUALITY_PROJECTS,
  account: keyof typeof ACCOUNTS = "shop",
  engine: BenchEngine = "v2",
): { results: BenchResult[]; lines: string[] } {
  const tally: Tally = {
    ...{ byKind: new Map(), found: 0, falseFindings: 0, noisy: 0 },
    ...{ times: [], violations: [], ideal: 0, oneDay: 0 },
  };
  const lines: string[] = [];
  for (let seed = 1; seed <= projects; seed++) lines.push(judgeProject(seed, account, engine, tally));
  const recall = tally.found / projects;
  const falsePer = tally.falseFindings / projects;
  const times = [...tally.times].sort((a, b) => a - b);
  if (tally.oneDay > 0)
    lines.push(
      `  one-day events: an ideal test (the day's expected value and σ known exactly) at each report's bar would find ${((tally.ideal / tally.oneDay) * 100).toFixed(0)}% of them`,
    );
  lines.push(
    `  recall by kind: ${[...tally.byKind].map(([kind, v]) => `${kind} ${v.found}/${v.total}`).join(", ")}; noise twins with more than one false finding: ${tally.noisy}/${projects}`,
  );
  lines.push(...violationLines(tally.violations, `${projects * 2} reports (planted and noise twins)`));
  const violations = tally.violations.length;
  return {
    lines,
    results: [
      {
        label: `engine ${engine} quality over ${projects} ${ACCOUNTS[account].label} and their noise twins`,
        n: projects,
        medianMs: times[Math.floor(times.length / 2)],
        p95Ms: times[Math.floor(times.length * 0.95)],
        note: `recall ${(recall * 100).toFixed(0)}% (target ≥ ${TARGET_RECALL * 100}%: ${recall >= TARGET_RECALL ? "met" : "NOT met"}); false findings per noise project ${falsePer.toFixed(2)} (target ≤ ${TARGET_FALSE_PER_PROJECT}: ${falsePer <= TARGET_FALSE_PER_PROJECT ? "met" : "NOT met"}); property violations ${violations} (target 0: ${violations === 0 ? "met" : "NOT met"}); times are one engine run`,
      },
    ],
  };
}

/** The violations counted by property, the first few in full. */
export function violationLines(violations: readonly Violation[], over: string): string[] {
  const lines = [`  property violations over ${over}: ${violations.length} (${violationCounts(violations)})`];
  for (const v of violations.slice(0, VIOLATIONS_SHOWN)) lines.push(`    [${v.property}] ${v.text}`);
  if (violations.length > VIOLATIONS_SHOWN) lines.push(`    … and ${violations.length - VIOLATIONS_SHOWN} more`);
  return lines;
}

/**
 * The chance that an ideal one-day test finds an event of `sd` standard deviations among `tests` tests held to the
 * report-wide FDR: the day's value is N(±sd, 1) in σ units, and alone among the tests it passes Benjamini-Hochberg when
 * its two-sided p-value is at most q/m. What the statistics allow, beside what the engine finds (which also estimates
 * the expected value and σ from the segment's own 86 days).
 */
function idealOneDayPower(sd: number, tests: number): number {
  const bar = normalQuantile(1 - FDR / (2 * Math.max(1, tests)));
  return normalSurvival(bar - sd) + normalSurvival(bar + sd);
}
