"use client";

import dynamic from "next/dynamic";
import { chartPlaceholder } from "@/components/charts/lazy-charts";

/** The dashboard's KPI lines load after its numbers and changes, which show at once (recharts is ~120 kB). */
export const KpiSparkline = dynamic(() => import("./kpi-sparkline").then((m) => m.KpiSparkline), {
  loading: chartPlaceholder(40),
});
