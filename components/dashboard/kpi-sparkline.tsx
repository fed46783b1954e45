"use client";

import { Line, LineChart, ResponsiveContainer, Tooltip, YAxis } from "recharts";
import { formatDay, formatMetric } from "@/lib/insights/format-values";
import type { DashboardKpi } from "@/lib/api-client/dashboard-types";

/**
 * A KPI's daily values over the period as a small line with a tooltip per day. The numbers it
 * draws are stated beside it in text (total and change), so it is hidden from screen readers.
 */
export function KpiSparkline({ kpi, currency, good }: { kpi: DashboardKpi; currency: string; good: boolean | null }) {
  const colour = good === null ? "#475569" : good ? "#15803d" : "#b91c1c";
  return (
    <div aria-hidden="true" className="h-10 w-full" data-testid="kpi-sparkline">
      <ResponsiveContainer width="100%" height="100%" minWidth={60}>
        <LineChart data={kpi.series} margin={{ top: 4, right: 2, bottom: 4, left: 2 }} accessibilityLayer={false}>
          <YAxis hide domain={["dataMin", "dataMax"]} />
          <Tooltip
            cursor={{ stroke: "#94a3b8" }}
            wrapperStyle={{ fontSize: 12 }}
            labelFormatter={(_, items) => formatDay(String(items?.[0]?.payload?.date ?? ""))}
            formatter={(value) => [formatMetric(kpi.key, Number(value), currency, { unit: kpi.unit }), kpi.label]}
          />
          <Line
            type="monotone"
            dataKey="value"
            stroke={colour}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            connectNulls={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
