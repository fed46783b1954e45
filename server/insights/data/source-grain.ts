import type { Grain } from "@/lib/csv-import/grain";
import type { EngineProject } from "../engine/types";
import { metricParts, type ProjectData } from "./project-data";

// Each metric is read at the grain of the one source it comes from (ProjectData.sourceFor; data_sources.grain,
// ADR 0019): a project with Search Console by day beside a Shopify export by week judges Search Console's days one by
// one and compares the store's weeks, instead of reading everything at the coarsest grain of its sources.

/** The grain of a source's rows; a source the project does not list is daily. */
export function grainOfSource(project: Pick<EngineProject, "sourceGrains">, sourceId: string | null): Grain {
  return (sourceId && project.sourceGrains?.[sourceId]) || "day";
}

/** The grain `metric` is read at: its source's. */
export function grainOfMetric(project: Pick<EngineProject, "sourceGrains">, data: ProjectData, metric: string): Grain {
  return grainOfSource(project, data.sourceFor(metricParts(metric)));
}

/** The sources with rows in the report, with their grains. */
function readGrains(project: Pick<EngineProject, "sourceGrains">, data: ProjectData): Grain[] {
  return data.sources.filter((s) => s.days.size > 0).map((s) => grainOfSource(project, s.sourceId));
}

/** The finest grain among the sources with rows: a day as soon as one of them is daily. */
export function finestGrain(project: Pick<EngineProject, "sourceGrains">, data: ProjectData): Grain {
  const grains = readGrains(project, data);
  return grains.length === 0 || grains.includes("day") ? "day" : grains.includes("week") ? "week" : "month";
}
