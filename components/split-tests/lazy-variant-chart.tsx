"use client";

import dynamic from "next/dynamic";
import { chartPlaceholder } from "@/components/charts/lazy-charts";

/** The split test's chart loads after its verdict and figures, which show at once (recharts is ~120 kB). */
export const VariantChart = dynamic(() => import("./variant-chart").then((m) => m.VariantChart), {
  loading: chartPlaceholder(240),
});
