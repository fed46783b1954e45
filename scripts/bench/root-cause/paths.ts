import path from "node:path";

/** The benchmark folder, beside the clone (never copied into it): ../shared/root-cause. */
export const ROOT_CAUSE_DIR = path.resolve(import.meta.dirname, "../../..", "../shared/root-cause");

export const DATASETS = ["S", "L"] as const;
export type Dataset = (typeof DATASETS)[number];
