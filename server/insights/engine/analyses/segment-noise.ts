import { judgeDays } from "../../detectors/anomalies";
import { studentTQuantile } from "../../stats/distributions";
import { poolModerator } from "../../stats/moderated-variance";
import type { BaselinePoint } from "../../stats/seasonal-baseline";
import { segmentJudgeOptions, type SegmentDetection, type SegmentTask } from "./segment-detect";

// The segments' one-day tests judged with moderated noise scales (stats/moderated-variance.ts): the series of one
// metric of one source (a report's campaigns' sessions, its countries' revenue) share what their scales say about
// each other, so each day's σ and degrees of freedom come from its own series and from the others. Runs on the
// calling thread after the detections (which run on two), since the prior needs every series' scale.

/** The detections with each one-day test re-judged against moderated σ; `groupOf(i)` names task i's pool. */
export function moderateSegmentNoise(
  tasks: readonly SegmentTask[],
  detections: readonly SegmentDetection[],
  groupOf: (i: number) => string,
): SegmentDetection[] {
  const groups = new Map<string, number[]>();
  detections.forEach((d, i) => {
    if (!d.anomalies?.noise) return;
    const key = groupOf(i);
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  });
  const out = [...detections];
  const quantiles = new Map<string, number>();
  const quantile = (confidence: number, df: number) => {
    const key = `${confidence} ${df}`;
    let q = quantiles.get(key);
    if (q === undefined) quantiles.set(key, (q = studentTQuantile(1 - (1 - confidence) / 2, df)));
    return q;
  };
  for (const members of groups.values()) {
    const noises = members.map((i) => detections[i].anomalies!.noise!);
    const moderated = poolModerator(noises);
    if (!moderated) continue;
    for (const i of members) {
      const anomalies = detections[i].anomalies!;
      const { level } = anomalies.noise!;
      const judge = segmentJudgeOptions(tasks[i]);
      const points = anomalies.points.map((p): BaselinePoint => {
        if (p.sigma == null || p.scale == null || p.df == null || p.expected == null || !(p.scale > 0)) return p;
        const m = moderated(p.scale ** 2, p.df, level);
        const sigma = (p.sigma * Math.sqrt(m.s2)) / p.scale;
        const q = quantile(judge.confidence, m.d);
        // Pooled series are multiplicative, so non-negative: the range stops at 0 (two-sided-baseline.ts).
        return {
          ...p,
          sigma,
          df: m.d,
          scale: Math.sqrt(m.s2),
          low: Math.max(0, p.expected - q * sigma),
          high: p.expected + q * sigma,
        };
      });
      out[i] = {
        ...detections[i],
        anomalies: {
          ...judgeDays(points, judge),
          noise: anomalies.noise,
        },
      };
    }
  }
  return out;
}
