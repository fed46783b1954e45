import { FUNNEL_STAGES, INTENTIONS } from "@/lib/insights/intentions";

/** GET /templates: the intention catalogue a report answers from. */
export function listTemplates() {
  const docs = INTENTIONS.map((i) => ({
    _id: i.key,
    key: i.key,
    title: i.title,
    question: i.question,
    stage: i.stage,
    stageLabel: FUNNEL_STAGES.find((s) => s.key === i.stage)?.label ?? "Data Quality Audit",
    metrics: i.metrics,
    dimensions: i.dimensions,
    siteTypes: i.siteTypes,
    analysis: i.analysis.type,
  }));
  return { docs, total: docs.length };
}
